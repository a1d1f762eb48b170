import { useSearchParams } from 'react-router';
import { useNavigate } from 'react-router';
import { Alert, Button, Descriptions, Empty, Spin } from 'antd';
import { payDevTrade, viewDevCashier } from '@portal/contract/calls/order';
import { request } from '../../lib/api.ts';
import { useAction, useLoad } from '../../lib/use-call.ts';
import { useLang, useMessages } from '../../lib/i18n.ts';
import { localePath } from '../../lib/navigation.ts';
import { money, orderMessages } from './order-messages.ts';
import './order.css';

/**
 * The dev channel's cashier (/pay/dev?outTradeNo=, decision 057): on a demo site it stands in for
 * the channel's own page. Confirming makes the channel's signed notification, which the server
 * verifies and applies as a real one; then the learner is back at the checkout, which shows the
 * order paid.
 */
export function DevCashier() {
  const t = useMessages(orderMessages);
  const lang = useLang();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const outTradeNo = params.get('outTradeNo') ?? '';
  const valid = /^[A-Za-z0-9]{8,40}$/.test(outTradeNo);
  const trade = useLoad((signal) => request(viewDevCashier, { outTradeNo }, { signal }), valid ? [outTradeNo] : null);
  const pay = useAction(async () => {
    const done = await request(payDevTrade, { outTradeNo });
    if (trade.data) {
      void navigate(`${localePath('/pay/buy', lang)}?orderId=${trade.data.orderId}&tradeId=${trade.data.tradeId}`);
    }
    return done;
  });
  if (!valid || trade.error) return <Empty description={t.notForSale} />;
  if (!trade.data) return <Spin />;
  const d = trade.data;
  return (
    <section className="portal-dev-cashier" aria-labelledby="dev-cashier-title">
      <h2 id="dev-cashier-title">{t.devCashier}</h2>
      <Alert type="info" showIcon title={t.devHint} />
      <Descriptions
        column={1}
        bordered
        size="small"
        items={[
          { key: 'goods', label: t.goods, children: d.goodsTitle },
          { key: 'amount', label: t.amount, children: money(Math.round(d.amount * 100)) },
        ]}
      />
      <Button
        type="primary"
        size="large"
        loading={pay.running}
        disabled={d.status !== 1}
        onClick={() => void pay.run()}
      >
        {d.status === 2 ? t.devPaid : t.devPay}
      </Button>
    </section>
  );
}
