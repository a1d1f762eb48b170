import type { MouseEvent } from 'react';
import { findMediaTarget, mediaAction, type MediaTarget } from '@portal/contract/rich-content';

export interface RichContentProps {
  /** Rich text as the gateway gives it: already sanitised on the server (only style, class, mode, data-id). */
  html: string;
  /** A click on embedded video or audio: open the resource preview of this material. */
  onPreview: (target: MediaTarget) => void;
  /** A click on an embedded file: download this material. */
  onDownload: (target: MediaTarget) => void;
  className?: string;
}

/**
 * Renders sanitised rich text and turns clicks on embedded media into a preview (video, audio)
 * or a download (file) by materialId (platform.md section 2, "Rich content").
 */
export function RichContent({ html, onPreview, onDownload, className }: RichContentProps) {
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const target = findMediaTarget(event.target as Element, event.currentTarget);
    if (!target) return;
    event.preventDefault();
    if (mediaAction(target.kind) === 'preview') onPreview(target);
    else onDownload(target);
  };
  return (
    <div
      className={['portal-rich-content', className].filter(Boolean).join(' ')}
      onClick={onClick}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
