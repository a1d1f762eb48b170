import { useEffect, useRef, useState } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import { App, Button, Divider, Input, Modal, Space, Tooltip, Typography } from 'antd';
import BoldOutlined from '@ant-design/icons/BoldOutlined';
import DisconnectOutlined from '@ant-design/icons/DisconnectOutlined';
import ItalicOutlined from '@ant-design/icons/ItalicOutlined';
import LinkOutlined from '@ant-design/icons/LinkOutlined';
import OrderedListOutlined from '@ant-design/icons/OrderedListOutlined';
import PictureOutlined from '@ant-design/icons/PictureOutlined';
import RedoOutlined from '@ant-design/icons/RedoOutlined';
import UndoOutlined from '@ant-design/icons/UndoOutlined';
import UnorderedListOutlined from '@ant-design/icons/UnorderedListOutlined';
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import { AVATAR_MAX_BYTES, uploadPic } from '@portal/contract/calls/upload';
import { upload } from '../../lib/api.ts';
import { format, useMessages } from '../../lib/i18n.ts';
import { isJpegOrPng } from '../account/picture-files.ts';
import { isImageAddress, isLinkAddress, normaliseEditorHtml } from './rich-text-html.ts';
import { HEADINGS, richTextExtensions } from './rich-text-extensions.ts';
import { richTextMessages } from './rich-text-messages.ts';
import { RichTextPlaceholder, type RichTextEditorProps } from './rich-text-editor.tsx';
import './rich-text-editor.css';

/** The TipTap editor with its toolbar; loaded only in the browser (rich-text-editor.tsx). */
export default function RichTextEditorCore({
  value,
  onChange,
  placeholder,
  minHeight = 240,
  id,
  disabled,
  label,
}: RichTextEditorProps) {
  const t = useMessages(richTextMessages);
  // The last HTML this editor reported: a `value` equal to it is our own echo, not a new document.
  const reported = useRef<string | undefined>(value);
  const editor = useEditor({
    extensions: richTextExtensions(),
    content: value ?? '',
    editable: !disabled,
    immediatelyRender: false,
    editorProps: {
      attributes: {
        class: 'crm-rich-text-content',
        style: `min-height: ${minHeight}px`,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label ?? t.editor,
        ...(id ? { id } : {}),
        ...(placeholder ? { 'aria-placeholder': placeholder, 'data-placeholder': placeholder } : {}),
      },
    },
    onUpdate: ({ editor: e }) => {
      const html = normaliseEditorHtml(e.getHTML(), e.isEmpty);
      reported.current = html;
      onChange?.(html);
    },
  });

  // A value set from outside (the form loaded a course, or was reset) replaces the document.
  useEffect(() => {
    if (!editor || value === reported.current) return;
    reported.current = value;
    editor.commands.setContent(value ?? '', { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    editor?.setEditable(!disabled, false);
  }, [editor, disabled]);

  if (!editor) return <RichTextPlaceholder minHeight={minHeight} text={t.loading} />;
  return (
    <div className="crm-rich-text" data-testid="rich-text-editor">
      <Toolbar editor={editor} disabled={!!disabled} />
      <EditorContent editor={editor} />
    </div>
  );
}

function Toolbar({ editor, disabled }: { editor: Editor; disabled: boolean }) {
  const t = useMessages(richTextMessages);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      heading: HEADINGS.find((level) => e.isActive('heading', { level })) ?? 0,
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const [dialog, setDialog] = useState<'link' | 'image' | null>(null);
  const chain = () => editor.chain().focus();
  const tool = (label: string, icon: React.ReactNode, active: boolean, run: () => void, enabled = true) => (
    <Tooltip title={label}>
      <Button
        type={active ? 'primary' : 'text'}
        size="small"
        icon={icon}
        aria-label={label}
        aria-pressed={active}
        disabled={disabled || !enabled}
        onClick={run}
      />
    </Tooltip>
  );
  return (
    <div className="crm-rich-text-toolbar" role="toolbar" aria-label={t.toolbar}>
      <Space size={2} wrap separator={<Divider orientation="vertical" />}>
        <Space size={2}>
          {tool(t.bold, <BoldOutlined />, state.bold, () => chain().toggleBold().run())}
          {tool(t.italic, <ItalicOutlined />, state.italic, () => chain().toggleItalic().run())}
        </Space>
        <Space size={2}>
          {HEADINGS.map((level) => (
            <Tooltip key={level} title={format(t.heading, { n: level })}>
              <Button
                type={state.heading === level ? 'primary' : 'text'}
                size="small"
                aria-label={`H${level} ${format(t.heading, { n: level })}`}
                aria-pressed={state.heading === level}
                disabled={disabled}
                onClick={() => chain().toggleHeading({ level }).run()}
              >
                H{level}
              </Button>
            </Tooltip>
          ))}
        </Space>
        <Space size={2}>
          {tool(t.bulletList, <UnorderedListOutlined />, state.bulletList, () => chain().toggleBulletList().run())}
          {tool(t.orderedList, <OrderedListOutlined />, state.orderedList, () => chain().toggleOrderedList().run())}
        </Space>
        <Space size={2}>
          {tool(t.link, <LinkOutlined />, state.link, () => setDialog('link'))}
          {tool(t.unlink, <DisconnectOutlined />, false, () => chain().unsetLink().run(), state.link)}
          {tool(t.image, <PictureOutlined />, false, () => setDialog('image'))}
        </Space>
        <Space size={2}>
          {tool(t.undo, <UndoOutlined />, false, () => chain().undo().run(), state.canUndo)}
          {tool(t.redo, <RedoOutlined />, false, () => chain().redo().run(), state.canRedo)}
        </Space>
      </Space>
      {dialog === 'link' && (
        <LinkDialog
          initial={(editor.getAttributes('link').href as string | undefined) ?? ''}
          onClose={() => setDialog(null)}
          onDone={(href) => {
            setDialog(null);
            chain().extendMarkRange('link').setLink({ href }).run();
          }}
        />
      )}
      {dialog === 'image' && (
        <ImageDialog
          onClose={() => setDialog(null)}
          onDone={(src) => {
            setDialog(null);
            chain().setImage({ src }).run();
          }}
        />
      )}
    </div>
  );
}

function LinkDialog({
  initial,
  onClose,
  onDone,
}: {
  initial: string;
  onClose: () => void;
  onDone: (href: string) => void;
}) {
  const t = useMessages(richTextMessages);
  const [href, setHref] = useState(initial);
  const [error, setError] = useState('');
  const confirm = () => (isLinkAddress(href) ? onDone(href.trim()) : setError(t.linkInvalid));
  return (
    <Modal
      open
      title={t.linkTitle}
      okText={t.ok}
      cancelText={t.cancel}
      onOk={confirm}
      onCancel={onClose}
      destroyOnHidden
    >
      <Input
        autoFocus
        aria-label={t.linkAddress}
        placeholder="https://"
        value={href}
        status={error ? 'error' : undefined}
        onChange={(e) => {
          setHref(e.target.value);
          setError('');
        }}
        onPressEnter={confirm}
      />
      {error && <Typography.Text type="danger">{error}</Typography.Text>}
    </Modal>
  );
}

function ImageDialog({ onClose, onDone }: { onClose: () => void; onDone: (src: string) => void }) {
  const t = useMessages(richTextMessages);
  const { message } = App.useApp();
  const [src, setSrc] = useState('');
  const [error, setError] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const confirm = () => (isImageAddress(src) ? onDone(src.trim()) : setError(t.imageInvalid));
  const pick = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    if (!isJpegOrPng(file)) return void message.error(t.imageType);
    if (file.size > AVATAR_MAX_BYTES) return void message.error(t.imageSize);
    setProgress(0);
    try {
      // The picture upload every signed-in person has (500 KB, JPG/PNG by content); the course's
      // save claims the upload so the day's sweep of unclaimed uploads keeps it.
      const { url } = await upload(uploadPic, file, { field: 'picFile', filename: file.name, onProgress: setProgress });
      onDone(url);
    } catch {
      // The request layer has shown the reason.
    } finally {
      setProgress(null);
    }
  };
  return (
    <Modal
      open
      title={t.imageTitle}
      okText={t.ok}
      cancelText={t.cancel}
      onOk={confirm}
      onCancel={onClose}
      destroyOnHidden
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Input
          autoFocus
          aria-label={t.imageAddress}
          placeholder="https://"
          value={src}
          status={error ? 'error' : undefined}
          onChange={(e) => {
            setSrc(e.target.value);
            setError('');
          }}
          onPressEnter={confirm}
        />
        {error && <Typography.Text type="danger">{error}</Typography.Text>}
        <Space>
          <Button icon={<UploadOutlined />} loading={progress !== null} onClick={() => input.current?.click()}>
            {progress !== null ? `${progress}%` : t.imageUpload}
          </Button>
          <Typography.Text type="secondary">{t.imageUploadHint}</Typography.Text>
        </Space>
        <input
          ref={input}
          type="file"
          accept="image/jpeg,image/png"
          hidden
          aria-label={t.imageUpload}
          onChange={(e) => void pick(e.target.files?.[0])}
        />
      </Space>
    </Modal>
  );
}
