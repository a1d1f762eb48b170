import { useCallback, useEffect, useRef, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { App, Avatar, Button, Modal, Progress, Slider } from 'antd';
import { AVATAR_MAX_BYTES, AVATAR_SIZE_PX, uploadPic } from '@portal/contract/calls/upload';
import { updateUserInfo } from '@portal/contract/calls/profile';
import { request, upload } from '../../lib/api.ts';
import { useAction } from '../../lib/use-call.ts';
import { useMessages } from '../../lib/i18n.ts';
import { accountMessages } from './messages.ts';
import { cropToSquare, isJpegOrPng, loadImage } from './picture-files.ts';
import './account.css';

/**
 * The avatar (account-area.md section 5): pick a JPG, JPEG or PNG of at most 500 KB, crop it to a
 * square, check the 110×110 preview, upload it with its progress, keep it as the avatar.
 */
export function AvatarUpload({ current, onDone }: { current: string; onDone: () => void }) {
  const t = useMessages(accountMessages);
  const { message } = App.useApp();
  const input = useRef<HTMLInputElement>(null);
  const [source, setSource] = useState<{ url: string; image: HTMLImageElement } | null>(null);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [preview, setPreview] = useState('');
  const [progress, setProgress] = useState<number | null>(null);

  useEffect(() => () => void (source && URL.revokeObjectURL(source.url)), [source]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const pick = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    if (!isJpegOrPng(file)) return void message.error(t.avatarType);
    if (file.size > AVATAR_MAX_BYTES) return void message.error(t.avatarSize);
    const url = URL.createObjectURL(file);
    try {
      setSource({ url, image: await loadImage(url) });
      setZoom(1);
      setCrop({ x: 0, y: 0 });
    } catch {
      URL.revokeObjectURL(url);
      void message.error(t.cannotCrop);
    }
  };

  const onCropComplete = useCallback(
    (_: Area, pixels: Area) => {
      setArea(pixels);
      if (!source) return;
      void cropToSquare(source.image, pixels, AVATAR_SIZE_PX).then((blob) => setPreview(URL.createObjectURL(blob)));
    },
    [source],
  );

  const save = useAction(async (image: HTMLImageElement, pixels: Area) => {
    setProgress(0);
    try {
      const blob = await cropToSquare(image, pixels, AVATAR_SIZE_PX);
      const { url } = await upload(uploadPic, blob, {
        field: 'picFile',
        filename: 'avatar.png',
        onProgress: setProgress,
      });
      await request(updateUserInfo, { headPortrait: url });
      void message.success(t.avatarDone);
      setSource(null);
      onDone();
    } finally {
      setProgress(null);
    }
  });
  const confirm = () => {
    if (source && area) void save.run(source.image, area);
  };

  return (
    <div className="portal-picture">
      <Avatar size={AVATAR_SIZE_PX} src={current || undefined} alt={t.avatar} shape="square">
        {t.noPicture}
      </Avatar>
      <input
        ref={input}
        type="file"
        accept=".jpg,.jpeg,.png,image/jpeg,image/png"
        hidden
        aria-label={t.changeAvatar}
        onChange={(e) => void pick(e.target.files?.[0])}
      />
      <Button onClick={() => input.current?.click()}>{t.changeAvatar}</Button>
      <Modal
        title={t.cropTitle}
        open={source !== null}
        width={800}
        onCancel={() => setSource(null)}
        onOk={confirm}
        okText={t.confirm}
        cancelText={t.cancel}
        confirmLoading={progress !== null}
        maskClosable={false}
        destroyOnHidden
      >
        <div className="portal-cropper">
          <div className="portal-cropper-area">
            {source && (
              <Cropper
                image={source.url}
                crop={crop}
                zoom={zoom}
                aspect={1}
                onCropChange={setCrop}
                onZoomChange={setZoom}
                onCropComplete={onCropComplete}
              />
            )}
          </div>
          <div className="portal-cropper-side">
            <p>{t.preview}</p>
            {preview && <img src={preview} alt={t.preview} width={AVATAR_SIZE_PX} height={AVATAR_SIZE_PX} />}
            <p>{t.zoom}</p>
            <Slider min={1} max={3} step={0.1} value={zoom} onChange={setZoom} aria-label={t.zoom} />
            {progress !== null && <Progress percent={progress} size="small" aria-label={t.uploading} />}
          </div>
        </div>
      </Modal>
    </div>
  );
}
