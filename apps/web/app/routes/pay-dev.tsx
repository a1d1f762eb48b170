import { AntdRoot } from '../features/antd/antd-root.tsx';
import { DevCashier } from '../features/order/dev-cashier.tsx';

/** /pay/dev: the dev payment channel's cashier on a demo site (decision 057). */
export default function PayDevPage() {
  return (
    <AntdRoot>
      <DevCashier />
    </AntdRoot>
  );
}
