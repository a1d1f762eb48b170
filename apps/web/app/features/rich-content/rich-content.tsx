import { lazy, Suspense, useState, type MouseEvent } from 'react';
import { findMediaTarget, mediaAction, type MediaTarget } from '@portal/contract/rich-content';
import { useLang } from '../../lib/i18n.ts';
import { useSite } from '../../lib/root-data.ts';
import './rich-content.css';

// The preview dialog (antd, the player library) and the download call load on the first click.
const VideoPreview = lazy(() => import('../player/video-preview.tsx'));
const loadDownload = () => import('./download-material.ts');

interface RichContentProps {
  /** Rich text as the gateway gives it: already sanitised on the server (only style, class, mode, data-id). */
  html: string;
  /** A click on embedded video or audio; by default the video preview dialog of this material opens. */
  onPreview?: (target: MediaTarget) => void;
  /** A click on an embedded file; by default the material is downloaded (下载成功 / 下载失败). */
  onDownload?: (target: MediaTarget) => void;
  /** The root's class: portal-rich-text unless told. */
  className?: string;
  /** The root's id (a question's stem names its answer's group). */
  id?: string;
}

/**
 * Renders sanitised rich text (news, announcements, lecturer introductions, course introductions,
 * image-text periods, site texts, questions' stems) and turns clicks on embedded media into a preview (video, audio)
 * or a download (file) by materialId (platform.md section 2, "Rich content"), everywhere: a page
 * may pass its own handlers instead.
 */
export function RichContent({ html, onPreview, onDownload, className = 'portal-rich-text', id }: RichContentProps) {
  const lang = useLang();
  const theme = useSite().website.websiteThemeColor;
  const [preview, setPreview] = useState<MediaTarget | null>(null);
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const target = findMediaTarget(event.target as Element, event.currentTarget);
    if (!target) return;
    event.preventDefault();
    if (mediaAction(target.kind) === 'preview') (onPreview ?? setPreview)(target);
    else if (onDownload) onDownload(target);
    else void loadDownload().then((m) => m.downloadMaterial(target.materialId, lang, theme));
  };
  return (
    <>
      <div id={id} className={className} onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />
      {preview && (
        <Suspense fallback={null}>
          <VideoPreview
            materialId={Number(preview.materialId)}
            audio={preview.kind === 'audio'}
            onClose={() => setPreview(null)}
          />
        </Suspense>
      )}
    </>
  );
}
