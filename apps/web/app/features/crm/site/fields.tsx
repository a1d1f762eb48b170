import { Button, Input, Space, Upload } from 'antd';
import { useState } from 'react';
import type { Rule } from 'antd/es/form';
import { isSiteLink } from '@portal/contract/calls/site-admin';
import { uploadPic } from '@portal/contract/calls/upload';
import { ErrorCode, errorText } from '@portal/contract/errors';
import { upload } from '../../../lib/api.ts';
import { format, useLang, useMessages } from '../../../lib/i18n.ts';
import { siteMessages } from './messages.ts';

/** A link field's rule: empty or an address the server takes (the contract's isSiteLink, 9356's text). */
export function useLinkRule(required: boolean, label: string): Rule[] {
  const lang = useLang();
  const t = useMessages(siteMessages);
  return [
    ...(required ? [{ required: true, whitespace: true, message: format(t.required, { field: label }) }] : []),
    {
      validator: (_: unknown, value: string | undefined) =>
        !value || isSiteLink(value.trim())
          ? Promise.resolve()
          : Promise.reject(new Error(errorText(ErrorCode.SITE_LINK_INVALID, lang))),
    },
  ];
}

/** A required text's rule with the form's "please enter" wording. */
export function useRequired(label: string): Rule[] {
  const t = useMessages(siteMessages);
  return [{ required: true, whitespace: true, message: format(t.required, { field: label }) }];
}

/**
 * A picture's address: typed, or uploaded through the portal's picture upload (uploadPic, JPG or
 * PNG up to 500 KB), with a thumbnail. A form control (value, onChange).
 */
export function ImageField({
  value,
  onChange,
  id,
}: {
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
}) {
  const t = useMessages(siteMessages);
  const [percent, setPercent] = useState<number | null>(null);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space.Compact style={{ width: '100%' }}>
        <Input id={id} value={value} onChange={(e) => onChange?.(e.target.value)} placeholder={t.linkHint} />
        <Upload
          accept="image/png,image/jpeg"
          showUploadList={false}
          customRequest={({ file, onSuccess, onError }) => {
            const blob = file as File;
            setPercent(0);
            upload(uploadPic, blob, { field: 'picFile', filename: blob.name, onProgress: setPercent })
              .then(({ url }) => {
                onChange?.(url);
                onSuccess?.(url);
              })
              .catch((e: Error) => onError?.(e))
              .finally(() => setPercent(null));
          }}
        >
          <Button loading={percent !== null}>{percent !== null ? `${percent}%` : t.uploadImage}</Button>
        </Upload>
      </Space.Compact>
      {value ? <img src={value} alt="" style={{ maxHeight: 80, maxWidth: 240, objectFit: 'contain' }} /> : null}
      <span style={{ color: 'var(--ant-color-text-tertiary, #888)', fontSize: 12 }}>{t.imageHint}</span>
    </Space>
  );
}
