import type { ReactNode } from 'react';
import { Form, Modal, Spin, type FormInstance } from 'antd';
import { useAction } from '../../lib/use-call.ts';

/**
 * The dialog of one form (decision 018): a modal whose OK button submits the form, shows the
 * submission running, and closes neither by a click outside nor (`forced`) at all. `onSubmit` gets
 * the form's checked values; it runs as an action, so a failure (shown by the request layer) leaves
 * the dialog open with the button usable again. Closed, the dialog forgets its fields.
 */
export function FormDialog<V extends object>({
  title,
  open,
  width = 500,
  form,
  name,
  initialValues,
  okText,
  cancelText,
  forced = false,
  busy = false,
  loading,
  before,
  onClose,
  onSubmit,
  children,
}: {
  title: ReactNode;
  open: boolean;
  width?: number;
  form: FormInstance<V>;
  /** The form's name: the prefix of its fields' ids. */
  name: string;
  initialValues?: Partial<V> | Record<string, unknown>;
  okText: string;
  cancelText: string;
  /** The dialog cannot be closed (a password that must be set). */
  forced?: boolean;
  /** Still busy after a successful submit (the page is being left). */
  busy?: boolean;
  /** What the form edits is still loading: a spinner over the form, OK disabled. */
  loading?: boolean;
  /** Shown above the form. */
  before?: ReactNode;
  onClose: () => void;
  onSubmit: (values: V) => Promise<unknown>;
  children: ReactNode;
}) {
  const submit = useAction(onSubmit);
  const body = (
    <Form
      form={form}
      layout="vertical"
      name={name}
      initialValues={initialValues}
      onFinish={(v) => void submit.run(v)}
      preserve={false}
      // Closed, the form forgets every value: opened again (the same record edited twice), it
      // starts from its initial values, not from what the fields held before.
      clearOnDestroy
    >
      {children}
    </Form>
  );
  return (
    <Modal
      title={title}
      open={open}
      width={width}
      onCancel={forced ? undefined : onClose}
      closable={!forced}
      keyboard={!forced}
      maskClosable={false}
      okText={okText}
      cancelText={cancelText}
      cancelButtonProps={forced ? { style: { display: 'none' } } : {}}
      okButtonProps={{ loading: submit.running || busy, disabled: loading }}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      {before}
      {loading === undefined ? body : <Spin spinning={loading}>{body}</Spin>}
    </Modal>
  );
}
