import { useRef, useState } from 'react';
import { App, Button, Progress } from 'antd';
import { HEADSHOT_MAX_BYTES, HEADSHOT_SHOWN_PX, uploadPrivateFile } from '@portal/contract/calls/upload';
import { updateUserInfo } from '@portal/contract/calls/profile';
import { request, upload } from '../../lib/api.ts';
import { useMessages } from '../../lib/i18n.ts';
import { accountMessages } from './messages.ts';
import { isJpegOrPng } from './picture-files.ts';
import './account.css';

/**
 * The one-inch photo (account-area.md section 5): JPG, JPEG or PNG of at most 1024 KB, 295×413
 * suggested, shown at 110×154 through a short-lived link; upload progress shown.
 */
export function HeadshotUpload({ url, onDone }: { url: string; onDone: () => void }) {
  const t = useMessages(accountMessages);
  const { message } = App.useApp();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);

  const pick = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    if (!isJpegOrPng(file)) return void message.error(t.headshotType);
    if (file.size > HEADSHOT_MAX_BYTES) return void message.error(t.headshotSize);
    setProgress(0);
    try {
      const { key } = await upload(uploadPrivateFile, file, {
        field: 'file',
        filename: file.name,
        onProgress: setProgress,
      });
      await request(updateUserInfo, { headshot: key });
      void message.success(t.headshotDone);
      onDone();
    } catch {
      // the request layer showed why
    } finally {
      setProgress(null);
    }
  };

  return (
    <div className="portal-picture">
      <div className="portal-headshot" style={HEADSHOT_SHOWN_PX}>
        {url ? <img src={url} alt={t.headshot} {...HEADSHOT_SHOWN_PX} /> : <span>{t.noPicture}</span>}
      </div>
      <input
        ref={input}
        type="file"
        accept=".jpg,.jpeg,.png,image/jpeg,image/png"
        hidden
        aria-label={t.uploadHeadshot}
        onChange={(e) => void pick(e.target.files?.[0])}
      />
      <Button onClick={() => input.current?.click()} loading={progress !== null}>
        {t.uploadHeadshot}
      </Button>
      {progress !== null && <Progress percent={progress} size="small" aria-label={t.uploading} />}
      <p className="portal-picture-hint">{t.headshotHint}</p>
    </div>
  );
}
