import { Button, Upload } from 'antd';

/**
 * One file chosen to be sent later by the page (an import's upload): antd's Upload keeps the file
 * instead of sending it, and shows its name with a remove button.
 */
export function FilePicker({
  accept,
  file,
  onChange,
  label,
}: {
  accept: string;
  file: File | null;
  onChange: (file: File | null) => void;
  label: string;
}) {
  return (
    <Upload
      accept={accept}
      maxCount={1}
      beforeUpload={(f) => {
        onChange(f);
        return false;
      }}
      onRemove={() => onChange(null)}
      fileList={file ? [{ uid: 'file', name: file.name, status: 'done' }] : []}
    >
      <Button>{label}</Button>
    </Upload>
  );
}
