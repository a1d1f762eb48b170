import { lazy, Suspense } from 'react';
import { useMessages } from '../../lib/i18n.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { richTextMessages } from './rich-text-messages.ts';
import { Typography } from 'antd';

export interface RichTextEditorProps {
  /** The document as HTML ('' when empty): an antd Form item's value. */
  value?: string;
  /** Called with the new HTML on every edit ('' when the document is emptied). */
  onChange?: (html: string) => void;
  placeholder?: string;
  /** The editing area's minimum height in pixels (240 unless told). */
  minHeight?: number;
  /** The editable element's id (antd Form.Item gives its control one, for the label). */
  id?: string;
  disabled?: boolean;
}

// TipTap and ProseMirror are large and browser-only: they load when an editor first shows, in a
// chunk of their own, so no other page carries them and the server never renders them.
const RichTextEditorCore = lazy(() => import('./rich-text-editor-core.tsx'));

/**
 * The back office's rich-text editor (news, course introductions, image-text periods): an antd
 * Form control with `value` / `onChange` as an HTML string. The server sanitises what it stores
 * with packages/contract sanitize.ts and the portal renders that; the editor writes images so
 * that they survive it (rich-text-html.ts). Server rendering and the first render show a
 * placeholder of the same height.
 */
export function RichTextEditor(props: RichTextEditorProps) {
  const hydrated = useHydrated();
  const t = useMessages(richTextMessages);
  const minHeight = props.minHeight ?? 240;
  const placeholder = <RichTextPlaceholder minHeight={minHeight} text={t.loading} />;
  if (!hydrated) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <RichTextEditorCore {...props} />
    </Suspense>
  );
}

/** What shows while the editor loads (and in the server's HTML): the editor's frame and height. */
export function RichTextPlaceholder({ minHeight, text }: { minHeight: number; text: string }) {
  return (
    <div className="crm-rich-text crm-rich-text-placeholder" style={{ minHeight: minHeight + 40 }} aria-busy="true">
      <Typography.Text type="secondary">{text}</Typography.Text>
    </div>
  );
}
