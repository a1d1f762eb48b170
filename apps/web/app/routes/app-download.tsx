import { Button, Empty, QRCode } from 'antd';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import { AntdRoot } from '../features/antd/antd-root.tsx';
import { viewLatestAndroid, SUCCESS_CODES } from '@portal/contract';
import { callGateway, siteOf } from '../lib/site.server.ts';
import { newsDate } from '../features/news/news-date.ts';
import { defineMessages, useLang, useMessages } from '../lib/i18n.ts';
import './app-download.css';
import type { Route } from './+types/app-download';

const messages = defineMessages({
  zh: {
    title: 'APP下载',
    version: '最新版本',
    released: '发布日期',
    content: '更新内容',
    download: '下载安卓版',
    none: '暂无可下载的版本',
    failed: '网络繁忙，请稍后再试',
    scan: '手机扫码下载',
  },
  en: {
    title: 'Download the app',
    version: 'Latest version',
    released: 'Released',
    content: 'What is new',
    download: 'Download for Android',
    none: 'No app version is available yet',
    failed: 'Network busy, please try again later',
    scan: 'Scan with your phone to download',
  },
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const site = await siteOf(request, context);
  if (!site) return { ok: false as const, message: '' };
  const env = await callGateway(request, context, site, viewLatestAndroid, {});
  if (!SUCCESS_CODES.includes(env.code)) return { ok: false as const, message: env.message };
  const v = env.data;
  return {
    ok: true as const,
    version: v
      ? {
          versionName: v.versionName,
          releaseDate: newsDate(v.releasedAt),
          updateContent: v.updateContent,
          downloadUrl: v.downloadUrl,
          // The QR code needs the whole address (a phone scans it).
          qrUrl: new URL(v.downloadUrl, request.url).href,
        }
      : null,
  };
}

/** The latest official Android app of the site, with a download button. */
export default function AppDownload({ loaderData: result }: Route.ComponentProps) {
  const t = useMessages(messages);
  const colon = useLang() === 'en' ? ': ' : '：';
  let body: React.ReactNode;
  if (!result.ok) {
    body = (
      <p className="portal-app-download-message" role="alert">
        {result.message || t.failed}
      </p>
    );
  } else if (!result.version) {
    body = <Empty description={t.none} />;
  } else {
    const v = result.version;
    body = (
      <div className="portal-app-download-card">
        <dl className="portal-app-download-meta">
          <div>
            <dt>
              {t.version}
              {colon}
            </dt>
            <dd>{v.versionName}</dd>
          </div>
          {v.releaseDate && (
            <div>
              <dt>
                {t.released}
                {colon}
              </dt>
              <dd>
                <time dateTime={v.releaseDate}>{v.releaseDate}</time>
              </dd>
            </div>
          )}
        </dl>
        {v.updateContent && (
          <>
            <h2 className="portal-app-download-subtitle">{t.content}</h2>
            <p className="portal-app-download-content">{v.updateContent}</p>
          </>
        )}
        <Button
          type="primary"
          size="large"
          href={v.downloadUrl}
          icon={<DownloadOutlined aria-hidden="true" />}
          download
        >
          {t.download}
        </Button>
        <figure className="portal-app-download-qr">
          <QRCode value={v.qrUrl} type="svg" size={150} errorLevel="H" bordered={false} aria-label={t.scan} />
          <figcaption>{t.scan}</figcaption>
        </figure>
      </div>
    );
  }
  return (
    <AntdRoot>
      <section className="portal-page portal-app-download">
        <h1 className="portal-page-title">{t.title}</h1>
        {body}
      </section>
    </AntdRoot>
  );
}
