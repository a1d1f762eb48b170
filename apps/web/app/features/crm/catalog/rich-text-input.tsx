import { Button, Space } from 'antd';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect } from 'react';

/**
 * A small rich-text field (TipTap) for an antd Form.Item: paragraphs, bold, italic and lists, as
 * HTML the portal renders sanitised (decision 005; the gateway sanitises it again when stored).
 * Rendered in the browser only: the server's HTML has the empty frame.
 */
export function RichTextInput({
  value,
  onChange,
  labels,
  id,
}: {
  value?: string;
  onChange?: (html: string) => void;
  labels: { bold: string; italic: string; bulletList: string };
  id?: string;
}) {
  const editor = useEditor({
    extensions: [StarterKit.configure({ heading: false, codeBlock: false, code: false, link: false })],
    content: value ?? '',
    immediatelyRender: false,
    editorProps: {
      attributes: {
        class: 'crm-rich-text',
        style: 'min-height: 110px; outline: none',
        ...(id ? { id } : {}),
        role: 'textbox',
        'aria-multiline': 'true',
      },
    },
    onUpdate: ({ editor: e }) => onChange?.(e.isEmpty ? '' : e.getHTML()),
  });
  // A new value from outside (the dialog opened on another lecturer) replaces the content.
  useEffect(() => {
    if (editor && value !== undefined && value !== (editor.isEmpty ? '' : editor.getHTML())) {
      editor.commands.setContent(value, { emitUpdate: false });
    }
  }, [editor, value]);
  return (
    <div style={{ border: '1px solid var(--ant-color-border, #d9d9d9)', borderRadius: 6 }}>
      <Space size={4} style={{ padding: 4, borderBottom: '1px solid var(--ant-color-border, #d9d9d9)' }}>
        <Button
          size="small"
          type={editor?.isActive('bold') ? 'primary' : 'text'}
          onClick={() => editor?.chain().focus().toggleBold().run()}
        >
          <b>{labels.bold}</b>
        </Button>
        <Button
          size="small"
          type={editor?.isActive('italic') ? 'primary' : 'text'}
          onClick={() => editor?.chain().focus().toggleItalic().run()}
        >
          <i>{labels.italic}</i>
        </Button>
        <Button
          size="small"
          type={editor?.isActive('bulletList') ? 'primary' : 'text'}
          onClick={() => editor?.chain().focus().toggleBulletList().run()}
        >
          {labels.bulletList}
        </Button>
      </Space>
      <EditorContent editor={editor} style={{ minHeight: 120, padding: '4px 11px' }} />
    </div>
  );
}
