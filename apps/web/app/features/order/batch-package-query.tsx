import { Link, useSearchParams } from 'react-router';
import { App, Button, Descriptions, Empty, Input, List, Spin, Tag, Typography } from 'antd';
import {
  BatchPackageState,
  joinBatchPackage,
  myBatchPackages,
  queryBatchPackage,
  type BatchPackageView,
} from '@portal/contract/calls/batch-package';
import { request } from '../../lib/api.ts';
import { useAction, useLoad } from '../../lib/use-call.ts';
import { dateTime } from '../../lib/date-time.ts';
import { format, useLang, useMessages } from '../../lib/i18n.ts';
import { localePath } from '../../lib/navigation.ts';
import { LinkButton } from '../antd/link-button.tsx';
import { checkoutPath } from './checkout-path.ts';
import { money } from './order-messages.ts';
import './order.css';

export const batchPackageQueryMessages = {
  zh: {
    heading: '批次查询',
    lead: '输入机构提供的12位批次号，查看套餐包含的课程、名额和截止日期；机构购买后，成员可凭批次号加入学习。',
    code: '批次号',
    codePlaceholder: '请输入12位批次号',
    search: '查 询',
    badCode: '请输入12位数字的批次号',
    notFound: '没有找到该批次',
    organisation: '购买机构',
    price: '价格',
    seats: '名额',
    seatsLine: '已加入 {taken} / 共 {seats} 人',
    validUntil: '截止日期',
    state: '状态',
    state1: '待购买',
    state2: '已购买',
    state3: '已过期',
    state4: '未上架',
    courses: '包含课程',
    creditHours: '{n} 学时',
    buy: '购买套餐 {price}',
    continuePay: '继续支付',
    join: '加入学习',
    joined: '已加入',
    full: '名额已满',
    expired: '已过期',
    notBought: '机构购买后即可加入学习',
    joinedHint: '套餐中的课程已向你开放，可学习至 {day}。',
    joinTitle: '加入该批次？',
    joinContent: '加入后占用一个名额，套餐中的课程向你开放至 {day}。',
    joinedToast: '已加入，开始学习吧',
    mine: '我加入的套餐',
    noMine: '暂未加入任何套餐',
  },
  en: {
    heading: 'Batch lookup',
    lead: 'Enter the 12-digit number your organisation gave you to see the courses, seats and last day of its package. Once the organisation has bought it, its people join with the number.',
    code: 'Package number',
    codePlaceholder: 'Enter the 12-digit number',
    search: 'Look up',
    badCode: 'Enter a 12-digit package number',
    notFound: 'No package has this number',
    organisation: 'Organisation',
    price: 'Price',
    seats: 'Seats',
    seatsLine: '{taken} of {seats} joined',
    validUntil: 'Last day',
    state: 'State',
    state1: 'Not bought yet',
    state2: 'Bought',
    state3: 'Expired',
    state4: 'Not on sale',
    courses: 'Courses',
    creditHours: '{n} credit hours',
    buy: 'Buy the package for {price}',
    continuePay: 'Continue paying',
    join: 'Join',
    joined: 'Joined',
    full: 'No seats left',
    expired: 'Expired',
    notBought: 'People can join once the organisation has bought it',
    joinedHint: 'Its courses are open to you until {day}.',
    joinTitle: 'Join this package?',
    joinContent: 'Joining takes one seat; its courses are open to you until {day}.',
    joinedToast: 'Joined: enjoy your courses',
    mine: 'Packages I joined',
    noMine: 'You have not joined any package yet',
  },
} as const;

const CODE = /^\d{12}$/;
const STATE_COLOR: Record<number, string> = { 1: 'default', 2: 'success', 3: 'default', 4: 'default' };
const day = (iso: string) => dateTime(iso).slice(0, 10);

/**
 * /batchPackage/query (decision 058): a batch package found by its 12-digit number, with its
 * courses, seats, price and last day; the organisation's buyer buys it (/pay/buy?packageId=), its
 * people join it here, one seat each. Below: the packages the learner joined.
 */
export function BatchPackageQuery() {
  const t = useMessages(batchPackageQueryMessages);
  const [params, setParams] = useSearchParams();
  const code = (params.get('code') ?? '').trim();
  const valid = CODE.test(code);
  const found = useLoad(
    (signal) => (valid ? request(queryBatchPackage, { code }, { signal }) : Promise.resolve(null)),
    [code],
  );
  const mine = useLoad((signal) => request(myBatchPackages, {}, { signal }), []);

  return (
    <div className="portal-batch-package">
      <h1 className="portal-page-title">{t.heading}</h1>
      <Typography.Paragraph type="secondary">{t.lead}</Typography.Paragraph>
      <Input.Search
        key={code}
        aria-label={t.code}
        placeholder={t.codePlaceholder}
        defaultValue={code}
        inputMode="numeric"
        maxLength={12}
        enterButton={t.search}
        style={{ maxWidth: 420 }}
        onSearch={(v) => setParams(v.trim() ? { code: v.trim() } : {}, { replace: true })}
      />
      {code && !valid && (
        <Typography.Paragraph type="danger" role="alert" style={{ marginTop: 8 }}>
          {t.badCode}
        </Typography.Paragraph>
      )}
      {valid && (
        <section className="portal-batch-package-found" aria-live="polite">
          {found.loading && !found.data ? (
            <Spin />
          ) : found.data ? (
            <PackageCard pkg={found.data} onChanged={() => void Promise.all([found.reload(), mine.reload()])} />
          ) : (
            <Empty description={t.notFound} />
          )}
        </section>
      )}
      <section className="portal-batch-package-mine" aria-labelledby="batch-package-mine">
        <h2 id="batch-package-mine">{t.mine}</h2>
        <List
          dataSource={mine.data ?? []}
          loading={mine.loading && !mine.data}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.noMine} /> }}
          renderItem={(p) => (
            <List.Item>
              <Link to={`?code=${p.code}`}>{p.title}</Link>
              <Typography.Text type="secondary">
                {p.code} · {t.validUntil} {day(p.validUntil)}
              </Typography.Text>
            </List.Item>
          )}
        />
      </section>
    </div>
  );
}

function PackageCard({ pkg, onChanged }: { pkg: BatchPackageView; onChanged: () => void }) {
  const t = useMessages(batchPackageQueryMessages);
  const lang = useLang();
  const { message, modal } = App.useApp();
  const join = useAction(async () => {
    await request(joinBatchPackage, { code: pkg.code });
    void message.success(t.joinedToast);
    onChanged();
  });
  const seatsLeft = pkg.seats - pkg.seatsTaken;
  let action;
  if (pkg.state === BatchPackageState.EXPIRED) {
    action = <Button disabled>{t.expired}</Button>;
  } else if (pkg.joined) {
    action = (
      <>
        <Button disabled>{t.joined}</Button>
        <Typography.Text>{format(t.joinedHint, { day: day(pkg.validUntil) })}</Typography.Text>
      </>
    );
  } else if (pkg.state === BatchPackageState.BOUGHT) {
    action =
      seatsLeft > 0 ? (
        <Button
          type="primary"
          loading={join.running}
          onClick={() =>
            void modal.confirm({
              title: t.joinTitle,
              content: format(t.joinContent, { day: day(pkg.validUntil) }),
              onOk: () => join.run(),
            })
          }
        >
          {t.join}
        </Button>
      ) : (
        <Button disabled>{t.full}</Button>
      );
  } else if (pkg.openOrderId) {
    action = (
      <LinkButton type="primary" to={`${localePath('/pay/buy', lang)}?orderId=${pkg.openOrderId}`}>
        {t.continuePay}
      </LinkButton>
    );
  } else if (pkg.state === BatchPackageState.ON_SALE) {
    action = (
      <>
        <LinkButton type="primary" to={checkoutPath(3, pkg.id, lang, pkg.code)}>
          {format(t.buy, { price: money(pkg.amountFen) })}
        </LinkButton>
        <Typography.Text type="secondary">{t.notBought}</Typography.Text>
      </>
    );
  }
  return (
    <article className="portal-batch-package-card" aria-labelledby="batch-package-title">
      <h2 id="batch-package-title">
        {pkg.title} <Tag color={STATE_COLOR[pkg.state]}>{t[`state${pkg.state}`]}</Tag>
      </h2>
      {pkg.intro && <Typography.Paragraph>{pkg.intro}</Typography.Paragraph>}
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2 }}
        items={[
          { key: 'code', label: t.code, children: pkg.code },
          ...(pkg.organisation ? [{ key: 'org', label: t.organisation, children: pkg.organisation }] : []),
          { key: 'price', label: t.price, children: money(pkg.amountFen) },
          {
            key: 'seats',
            label: t.seats,
            children: format(t.seatsLine, { taken: pkg.seatsTaken, seats: pkg.seats }),
          },
          { key: 'until', label: t.validUntil, children: day(pkg.validUntil) },
        ]}
      />
      <h3>{t.courses}</h3>
      <List
        dataSource={pkg.courses}
        renderItem={(c) => (
          <List.Item>
            <Link to={`${localePath('/knowledge/course/info', lang)}?id=${c.id}`}>{c.title}</Link>
            {c.creditHours > 0 && (
              <Typography.Text type="secondary">{format(t.creditHours, { n: c.creditHours })}</Typography.Text>
            )}
          </List.Item>
        )}
      />
      <div className="portal-batch-package-actions">{action}</div>
    </article>
  );
}
