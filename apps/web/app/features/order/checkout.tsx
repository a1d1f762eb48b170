import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { App, Button, Descriptions, Empty, Input, QRCode, Radio, Result, Spin, Upload } from 'antd';
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import {
  createOrder,
  findOrderConfig,
  payOrder,
  submitTransferReceipt,
  viewOrder,
  viewOrderGoods,
  viewTradeStatus,
  type PayMethodValue,
  type PayStartInfo,
} from '@portal/contract/calls/order';
import { request, upload } from '../../lib/api.ts';
import { useAction, useLoad } from '../../lib/use-call.ts';
import { format, useLang, useMessages } from '../../lib/i18n.ts';
import type { Lang } from '../../lib/navigation.ts';
import { localePath } from '../../lib/navigation.ts';
import { LinkButton } from '../antd/link-button.tsx';
import { checkoutPath, GOODS_PARAMS } from './checkout-path.ts';
import { money, orderMessages } from './order-messages.ts';
import './order.css';

/** How often the page asks for the payment's state while the learner pays. */
const POLL_MS = 2000;

/** A whole number from the address, or null. */
const idOf = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/** mm:ss (or h:mm:ss) of a count of seconds. */
function clock(seconds: number): string {
  const s = Math.max(0, seconds);
  const h = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(h > 0 ? 2 : 1, '0');
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

type Phase =
  | { kind: 'choose' }
  | { kind: 'waiting'; tradeId: number; start?: PayStartInfo }
  | { kind: 'transfer'; start: PayStartInfo; sent: boolean }
  | { kind: 'confirming' }
  | { kind: 'paid' }
  | { kind: 'ended' };

/**
 * The checkout (/pay/buy, decisions 057, 058): the goods at the server's price (courseId=,
 * projectId= or packageId=, or orderId= to go on paying an order), the site's payment methods, then the payment: a QR code to scan, the
 * channel's page (the dev cashier on a demo site), or a bank transfer's account and receipt. While
 * the learner pays the page polls the trade's state; the server's answer decides paid or closed.
 */
export function Checkout() {
  const t = useMessages(orderMessages);
  const lang = useLang();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const asked = GOODS_PARAMS.map(([type, name]) => ({ goodsType: type, goodsId: idOf(params.get(name)) })).find(
    (g) => g.goodsId !== null,
  );
  const goodsType = asked?.goodsType ?? 1;
  const goodsId = asked?.goodsId ?? null;
  // A batch package is sold to who gives its number (decision 058).
  const code = goodsType === 3 ? (params.get('code') ?? undefined) : undefined;
  const askedOrder = idOf(params.get('orderId'));
  const askedTrade = idOf(params.get('tradeId'));

  const config = useLoad((signal) => request(findOrderConfig, {}, { signal }), []);
  const goods = useLoad(
    (signal) =>
      goodsId && !askedOrder
        ? request(viewOrderGoods, { goodsType, goodsId, ...(code ? { code } : {}) }, { signal })
        : Promise.resolve(null),
    [goodsType, goodsId, code, askedOrder],
  );
  // The order made here, else the one asked for, else the open order of these goods (gone on with).
  const [madeOrder, setMadeOrder] = useState<number | null>(null);
  const orderId = madeOrder ?? askedOrder ?? goods.data?.openOrderId ?? null;
  const order = useLoad(
    async (signal) => {
      if (!orderId) return null;
      const o = await request(viewOrder, { id: orderId }, { signal });
      // The server's count of seconds left, as a moment of this page's clock.
      return { ...o, deadline: Date.now() + o.secondsLeft * 1000 };
    },
    [orderId],
  );
  const [method, setMethod] = useState<PayMethodValue | null>(null);
  const [acted, setPhase] = useState<Phase>(askedTrade ? { kind: 'waiting', tradeId: askedTrade } : { kind: 'choose' });
  const [now, setNow] = useState(0);
  const [note, setNote] = useState('');
  const formHost = useRef<HTMLDivElement>(null);

  // Until the learner acts, the order's state as loaded decides: paid, ended, or waiting for the site.
  const o = order.data;
  const loaded: Phase | null = !o
    ? null
    : o.status === 2
      ? { kind: 'paid' }
      : o.status !== 1
        ? { kind: 'ended' }
        : o.confirming
          ? { kind: 'confirming' }
          : null;
  const phase: Phase = acted.kind === 'choose' && loaded ? loaded : acted;

  // This page's clock, for the seconds left.
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const secondsLeft = o && o.status === 1 && now > 0 ? Math.floor((o.deadline - now) / 1000) : null;

  // While paying: the trade's state until it is paid or the order ends.
  const waitingFor = phase.kind === 'waiting' ? phase.tradeId : null;
  useEffect(() => {
    if (waitingFor === null) return;
    let stopped = false;
    const controller = new AbortController();
    const poll = async () => {
      try {
        const s = await request(viewTradeStatus, { id: waitingFor }, { signal: controller.signal, quiet: true });
        if (stopped) return;
        if (s.status === 2 || s.orderStatus === 2) {
          setMadeOrder(s.orderId);
          setPhase({ kind: 'paid' });
          return;
        }
        if (s.orderStatus !== 1) {
          setPhase({ kind: 'ended' });
          return;
        }
      } catch {
        if (stopped) return;
      }
      timer = setTimeout(() => void poll(), POLL_MS);
    };
    let timer = setTimeout(() => void poll(), 0);
    return () => {
      stopped = true;
      controller.abort();
      clearTimeout(timer);
    };
  }, [waitingFor]);

  const pay = useAction(async (chosen: PayMethodValue) => {
    let id = orderId;
    if (!id) {
      if (!goodsId) return;
      id = (await request(createOrder, { goodsType, goodsId, ...(code ? { code } : {}) })).id;
      setMadeOrder(id);
    }
    const start = await request(payOrder, { id, payMethod: chosen, isMobile: false });
    if (start.kind === 'redirect' && start.url) {
      window.location.assign(inLang(start.url, lang));
      setPhase({ kind: 'waiting', tradeId: start.tradeId, start });
    } else if (start.kind === 'form' && start.html && formHost.current) {
      formHost.current.innerHTML = start.html;
      formHost.current.querySelector('form')?.submit();
      setPhase({ kind: 'waiting', tradeId: start.tradeId, start });
    } else if (start.kind === 'qr') {
      setPhase({ kind: 'waiting', tradeId: start.tradeId, start });
    } else if (chosen === 9) {
      setPhase({ kind: 'transfer', start, sent: false });
    } else {
      setPhase({ kind: 'confirming' });
    }
    return start;
  });

  const sendReceipt = useAction(async (file: File) => {
    if (phase.kind !== 'transfer') return;
    await upload(submitTransferReceipt, file, {
      field: 'file',
      filename: file.name,
      query: { tradeId: String(phase.start.tradeId), note },
    });
    void message.success(t.receiptSent);
    setPhase({ kind: 'confirming' });
  });

  const payMethods = config.data?.payMethods ?? [];
  const chosen = method ?? payMethods[0]?.method ?? null;
  const title = order.data?.goodsTitle ?? goods.data?.title ?? '';
  const amountFen = order.data?.amountFen ?? goods.data?.amountFen ?? 0;
  const studyPath = order.data?.studyPath ?? goods.data?.studyPath ?? '/';
  const methodName = (m: number | null | undefined) => payMethods.find((p) => p.method === m)?.name ?? '';

  if ((!goodsId && !askedOrder) || goods.error || order.error) {
    return <Empty description={t.notForSale} />;
  }
  if (!config.data || (goodsId && !askedOrder && !goods.data) || (orderId && !order.data)) {
    return <Spin />;
  }

  if (phase.kind === 'paid') {
    return (
      <Result
        status="success"
        title={t.paid}
        subTitle={t.paidHint}
        extra={[
          <LinkButton
            key="study"
            type="primary"
            to={localePath(studyPath.split('?')[0]!, lang) + studyQuery(studyPath)}
          >
            {t.study}
          </LinkButton>,
          <LinkButton key="orders" to={`${localePath('/account', lang)}?change=4`}>
            {t.viewOrders}
          </LinkButton>,
        ]}
      />
    );
  }
  if (phase.kind === 'ended') {
    return (
      <Result
        status="warning"
        title={t.failed}
        subTitle={t.failedHint}
        extra={[
          goodsId || order.data ? (
            <Button
              key="again"
              type="primary"
              onClick={() =>
                void navigate(
                  order.data
                    ? checkoutPath(order.data.goodsType, order.data.goodsId, lang)
                    : checkoutPath(goodsType, goodsId ?? 0, lang, code),
                  { replace: true },
                )
              }
            >
              {t.again}
            </Button>
          ) : null,
          <LinkButton key="orders" to={`${localePath('/account', lang)}?change=4`}>
            {t.viewOrders}
          </LinkButton>,
        ]}
      />
    );
  }
  if (goods.data?.owned && !orderId) {
    return (
      <Result
        status="info"
        title={t.owned}
        extra={
          <LinkButton type="primary" to={localePath(studyPath.split('?')[0]!, lang) + studyQuery(studyPath)}>
            {t.study}
          </LinkButton>
        }
      />
    );
  }

  return (
    <div className="portal-checkout">
      <section className="portal-checkout-goods" aria-labelledby="checkout-goods">
        <h2 id="checkout-goods">{t.goods}</h2>
        <div className="portal-checkout-item">
          {(order.data?.goodsCover ?? goods.data?.cover) && (
            <img src={order.data?.goodsCover ?? goods.data?.cover} alt="" width={160} height={90} />
          )}
          <div>
            <strong className="portal-checkout-title">{title}</strong>
            {order.data && <p className="portal-checkout-meta">{format(t.orderNo, { no: order.data.orderNo })}</p>}
          </div>
          <span className="portal-checkout-price">{money(amountFen)}</span>
        </div>
        {secondsLeft !== null && secondsLeft > 0 && (
          <p className="portal-checkout-deadline" role="timer">
            {format(t.secondsLeft, { time: clock(secondsLeft) })}
          </p>
        )}
      </section>

      {phase.kind === 'choose' && (
        <section className="portal-checkout-pay" aria-labelledby="checkout-method">
          <h2 id="checkout-method">{t.method}</h2>
          {payMethods.length === 0 ? (
            <Empty description={t.noMethods} />
          ) : (
            <>
              <Radio.Group
                aria-label={t.methodsLabel}
                value={chosen}
                onChange={(e) => setMethod(e.target.value as PayMethodValue)}
                options={payMethods.map((m) => ({ value: m.method, label: m.name }))}
                optionType="button"
              />
              <p className="portal-checkout-total">
                {t.payable} <strong>{money(amountFen)}</strong>
              </p>
              <Button
                type="primary"
                size="large"
                loading={pay.running}
                disabled={chosen === null}
                onClick={() => chosen !== null && void pay.run(chosen)}
              >
                {t.payNow}
              </Button>
            </>
          )}
        </section>
      )}

      {phase.kind === 'waiting' && (
        <section className="portal-checkout-pay" aria-live="polite">
          {phase.start?.kind === 'qr' && phase.start.codeUrl ? (
            <div className="portal-checkout-qr">
              <p>{format(t.scan, { method: methodName(phase.start.method) })}</p>
              <QRCode
                value={phase.start.codeUrl}
                size={200}
                aria-label={format(t.qrLabel, { method: methodName(phase.start.method) })}
              />
              {phase.start.codeUrl.includes('/pay/dev?') && (
                <a href={inLang(phase.start.codeUrl, lang)}>{t.openCashier}</a>
              )}
            </div>
          ) : null}
          <p className="portal-checkout-waiting">
            <Spin size="small" /> {t.waiting}
          </p>
        </section>
      )}

      {phase.kind === 'transfer' && (
        <section className="portal-checkout-pay" aria-labelledby="checkout-transfer">
          <h2 id="checkout-transfer">{t.transfer}</h2>
          <p>{format(t.transferHint, { amount: money(amountFen) })}</p>
          {phase.start.bankAccount && (
            <Descriptions
              column={1}
              bordered
              size="small"
              items={[
                { key: 'name', label: t.accountName, children: phase.start.bankAccount.accountName },
                { key: 'bank', label: t.bankName, children: phase.start.bankAccount.bankName },
                { key: 'no', label: t.accountNo, children: phase.start.bankAccount.accountNo },
                ...(phase.start.bankAccount.note
                  ? [{ key: 'note', label: t.note, children: phase.start.bankAccount.note }]
                  : []),
              ]}
            />
          )}
          <Input
            className="portal-checkout-note"
            aria-label={t.receiptNote}
            placeholder={t.receiptNote}
            maxLength={200}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
          <Upload
            accept=".jpg,.jpeg,.png,.pdf"
            showUploadList={false}
            beforeUpload={(file) => {
              void sendReceipt.run(file);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={sendReceipt.running}>
              {t.receipt}
            </Button>
          </Upload>
          <p className="portal-checkout-meta">{t.receiptHint}</p>
        </section>
      )}

      {phase.kind === 'confirming' && (
        <Result
          status="info"
          title={t.confirming}
          subTitle={t.manualHint}
          extra={<LinkButton to={`${localePath('/account', lang)}?change=4`}>{t.viewOrders}</LinkButton>}
        />
      )}
      <div ref={formHost} hidden />
    </div>
  );
}

/** The dev cashier's address of this site in the page's language (a channel's own page as it is). */
function inLang(address: string, lang: Lang): string {
  const at = new URL(address, window.location.href);
  if (at.origin !== window.location.origin || at.pathname !== '/pay/dev') return address;
  return localePath('/pay/dev', lang) + at.search;
}

/** The query part of a study path ('?id=3'), or ''. */
function studyQuery(path: string): string {
  const i = path.indexOf('?');
  return i < 0 ? '' : path.slice(i);
}
