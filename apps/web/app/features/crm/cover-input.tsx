import { Button, Space, Upload } from 'antd';
import { useState } from 'react';
import { uploadPic } from '@portal/contract/calls/upload';
import { upload } from '../../lib/api.ts';

/**
 * A cover picture in a back-office form (a `Form.Item`'s control): the picture, a button that
 * uploads a JPEG or PNG with the upload call and keeps its address, and one that removes it. A
 * refused upload is told by the request layer (its toast); the value stays as it was.
 */
export function CoverInput({
  value,
  onChange,
  texts,
}: {
  value?: string;
  onChange?: (url: string) => void;
  texts: { uploadCover: string; removeCover: string };
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Space align="center">
      {value ? <img src={value} alt="" style={{ height: 64, borderRadius: 4 }} /> : null}
      <Upload
        accept="image/png,image/jpeg"
        showUploadList={false}
        beforeUpload={(file) => {
          setBusy(true);
          upload(uploadPic, file, { field: 'picFile', filename: file.name })
            .then((r) => onChange?.(r.url))
            .catch(() => {})
            .finally(() => setBusy(false));
          return false;
        }}
      >
        <Button loading={busy}>{texts.uploadCover}</Button>
      </Upload>
      {value ? (
        <Button type="link" onClick={() => onChange?.('')}>
          {texts.removeCover}
        </Button>
      ) : null}
    </Space>
  );
}
