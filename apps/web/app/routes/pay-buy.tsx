import { useLocation } from 'react-router';
import { AntdRoot } from '../features/antd/antd-root.tsx';
import { Checkout } from '../features/order/checkout.tsx';

/** /pay/buy: the checkout of a priced course or of an unpaid order (decision 057). */
export default function PayBuyPage() {
  // A new address (another goods, an order made again) starts a new checkout.
  const { search } = useLocation();
  return (
    <AntdRoot>
      <Checkout key={search} />
    </AntdRoot>
  );
}
