import type { MouseEvent } from 'react';
import { findMediaTarget, mediaAction, type MediaTarget } from '@portal/contract/rich-content';
import './rich-content.css';

interface RichContentProps {
  /** Rich text as the gateway gives it: already sanitised on the server (only style, class, mode, data-id). */
  html: string;
  /** A click on embedded video or audio: open the resource preview of this material. */
  onPreview?: (target: MediaTarget) => void;
  /** A click on an embedded file: download this material. */
  onDownload?: (target: MediaTarget) => void;
  /** The root's class: portal-rich-text unless told. */
  className?: string;
}

/**
 * Renders sanitised rich text (news, announcements, lecturer introductions, site texts) and, where
 * the page handles embedded media, turns clicks on them into a preview (video, audio) or a download
 * (file) by materialId (platform.md section 2, "Rich content"). Without handlers a click is the
 * browser's.
 */
export function RichContent({ html, onPreview, onDownload, className = 'portal-rich-text' }: RichContentProps) {
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const target = findMediaTarget(event.target as Element, event.currentTarget);
    if (!target) return;
    const handle = mediaAction(target.kind) === 'preview' ? onPreview : onDownload;
    if (!handle) return;
    event.preventDefault();
    handle(target);
  };
  return (
    <div
      className={className}
      onClick={onPreview || onDownload ? onClick : undefined}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
