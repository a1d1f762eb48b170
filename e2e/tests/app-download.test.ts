import { describe, expect, it } from 'vitest';
import { browserSession } from '../session.ts';
import { browserAvailable, url } from '../browser.ts';

// /app/download (issue 4 item 2): a visitor sees the latest official Android version of the site,
// what is new, the download button and a QR code of the download address.
const TEXTS = {
  zh: { title: 'APP下载', download: '下载安卓版', news: '新增公告通知评论与在线留言', scan: '手机扫码下载' },
  en: {
    title: 'Download the app',
    download: 'Download for Android',
    scan: 'Scan with your phone to download',
  },
};

describe.runIf(browserAvailable())('app download', () => {
  const session = browserSession();

  it('shows the latest version with its QR code', async () => {
    const t = TEXTS.zh;
    const page = session.b.page;
    await page.goto(url('/app/download'));
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(t.title);
    expect(await page.locator('.portal-app-download-meta').textContent()).toContain('3.2.0');
    const button = page.getByRole('link', { name: t.download });
    expect(await button.getAttribute('href')).toBe('https://download.example.com/zhixue/android/zhixue-3.2.0.apk');
    expect(await page.locator('.portal-app-download-qr svg').count()).toBe(1);
    expect(await page.locator('.portal-app-download-qr figcaption').textContent()).toBe(t.scan);
    expect(await page.locator('.portal-app-download-content').textContent()).toContain(TEXTS.zh.news);
  });

  it('the English page: its own texts, and the site’s Chinese text of what is new', async () => {
    const t = TEXTS.en;
    const page = session.b.page;
    await page.goto(url('/en/app/download'));
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(t.title);
    expect(await page.getByRole('link', { name: t.download }).count()).toBe(1);
    expect(await page.locator('.portal-app-download-qr figcaption').textContent()).toBe(t.scan);
    // What is new is the site's own text (this site writes Chinese), on both language's pages.
    expect(await page.locator('.portal-app-download-content').textContent()).toContain(TEXTS.zh.news);
  });
});
