import { useState } from 'react';
import { App, Modal, Spin } from 'antd';
import { previewVod, VodPlatform } from '@portal/contract/calls/study';
import { useMessages } from '../../lib/i18n.ts';
import { request } from '../../lib/api.ts';
import { isAbort, useLoad } from '../../lib/use-call.ts';
import { AntdRoot } from '../antd/antd-root.tsx';
import { previewMessages } from './player-messages.ts';
import { VideoStage } from './video-stage.tsx';
import './player.css';

/** Speeds the preview offers (a library video has no course settings). */
export const PREVIEW_SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 2];

interface VideoPreviewProps {
  /** The resource library material to preview (rich content's data-id). */
  materialId: number;
  /** Embedded audio rather than video. */
  audio?: boolean;
  /** The dialog has closed (after its closing animation). */
  onClose(): void;
}

/**
 * The video preview dialog (account-area.md sections 4 and 9): width 900, title 预览, not closed by
 * a click on the backdrop; it loads the material (previewVod) when it opens, with a loading state;
 * plays only platform 1 (Polyv) or 4 (the direct URL), without autoplay, with a speed control; a
 * material without a duration is not processed yet: 该视频未更新, and the dialog closes. Loaded
 * lazily by the rich content that opens it, with antd's providers of its own.
 */
export default function VideoPreview(props: VideoPreviewProps) {
  return (
    <AntdRoot>
      <PreviewDialog {...props} />
    </AntdRoot>
  );
}

function PreviewDialog({ materialId, audio = false, onClose }: VideoPreviewProps) {
  const t = useMessages(previewMessages);
  const { message } = App.useApp();
  const [open, setOpen] = useState(true);
  // Loaded when it opens; a material without a duration is not processed yet (该视频未更新) and one
  // that does not load (the request layer said why) is not shown: the dialog closes.
  const { data: material } = useLoad(
    async (signal) => {
      try {
        if (!Number.isSafeInteger(materialId) || materialId <= 0) throw new Error(`not a material id: ${materialId}`);
        const m = await request(previewVod, { materialId }, { signal });
        if (m.duration === null) {
          void message.warning(t.notUpdated);
          setOpen(false);
        }
        return m;
      } catch (err) {
        if (!isAbort(err)) setOpen(false);
        throw err;
      }
    },
    [materialId],
  );
  const notReady = material !== undefined && material.duration === null;

  const playable =
    material &&
    !notReady &&
    (material.vodPlatform === VodPlatform.POLYV || material.vodPlatform === VodPlatform.DIRECT);
  return (
    <Modal
      open={open}
      title={t.title}
      width={900}
      footer={null}
      maskClosable={false}
      destroyOnHidden
      centered
      onCancel={() => setOpen(false)}
      afterClose={onClose}
      styles={{ body: { maxHeight: 580, overflow: 'auto' } }}
    >
      {!material || notReady ? (
        <div className="portal-preview-loading">
          <Spin />
        </div>
      ) : playable ? (
        <VideoStage
          className="portal-preview-video"
          material={material}
          startTime={0}
          speeds={PREVIEW_SPEEDS}
          audio={audio}
        />
      ) : (
        <p className="portal-watch-note">{t.unsupported}</p>
      )}
    </Modal>
  );
}
