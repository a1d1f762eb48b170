import { AntdRoot } from '../antd/antd-root.tsx';
import { MessageDialog } from './message-dialog.tsx';

/**
 * The float window's online-message dialog (add mode), loaded on the first click so the shell
 * carries neither antd nor the call schemas.
 */
export default function FloatMessage({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <AntdRoot>
      <MessageDialog open={open} onClose={onClose} />
    </AntdRoot>
  );
}
