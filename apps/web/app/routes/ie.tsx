import { defineMessages, useLang, useMessages } from '../lib/i18n.ts';

const messages = defineMessages({
  zh: {
    title: '浏览器版本过低',
    body: '您正在使用的浏览器版本过低，无法正常使用本平台的学习、考试等功能。为了获得更好的体验，请升级或使用以下浏览器访问：',
    hint: '使用 360 浏览器、QQ 浏览器等双核浏览器时，请切换到“极速模式”。',
    newWindow: '（在新窗口打开）',
  },
  en: {
    title: 'Your browser is out of date',
    body: 'The browser you are using is too old for this platform: courses, exams and other functions will not work. Please upgrade or use one of these browsers:',
    hint: 'In dual-engine browsers such as 360 Browser, switch to the fast (Chromium) mode.',
    newWindow: ' (opens in a new window)',
  },
});

const BROWSERS: Record<'zh' | 'en', Array<{ name: string; url: string }>> = {
  zh: [
    { name: 'Google Chrome', url: 'https://www.google.cn/chrome/' },
    { name: 'Microsoft Edge', url: 'https://www.microsoft.com/zh-cn/edge' },
    { name: 'Mozilla Firefox', url: 'https://www.firefox.com.cn/' },
    { name: '360 安全浏览器', url: 'https://browser.360.cn/' },
  ],
  en: [
    { name: 'Google Chrome', url: 'https://www.google.com/chrome/' },
    { name: 'Microsoft Edge', url: 'https://www.microsoft.com/edge' },
    { name: 'Mozilla Firefox', url: 'https://www.mozilla.org/firefox/' },
    { name: '360 Browser', url: 'https://browser.360.cn/' },
  ],
};

/**
 * The unsupported-browser page for old Internet Explorer, in the layout without tenant theme. Plain
 * HTML with inline styles: it has to read well where the app's scripts and modern CSS do not run.
 */
export default function Ie() {
  const t = useMessages(messages);
  const lang = useLang();
  return (
    <main
      style={{
        display: 'block',
        maxWidth: 640,
        margin: '80px auto',
        padding: '40px 48px',
        background: '#ffffff',
        border: '1px solid #dddddd',
        color: '#333333',
        fontFamily: "'Microsoft YaHei', 'PingFang SC', Arial, sans-serif",
        fontSize: 16,
        lineHeight: 1.7,
      }}
    >
      <h1 style={{ margin: '0 0 16px', fontSize: 26, color: '#222222' }}>{t.title}</h1>
      <p style={{ margin: '0 0 16px' }}>{t.body}</p>
      <ul style={{ margin: '0 0 16px', padding: 0, listStyle: 'none' }}>
        {BROWSERS[lang].map((b) => (
          <li key={b.url} style={{ margin: '8px 0' }}>
            <a
              href={b.url}
              target="_blank"
              rel="noopener noreferrer"
              style={{ color: '#0645ad', textDecoration: 'underline' }}
            >
              {b.name}
              <span style={{ position: 'absolute', left: -10000, width: 1, height: 1, overflow: 'hidden' }}>
                {t.newWindow}
              </span>
            </a>
          </li>
        ))}
      </ul>
      <p style={{ margin: 0, color: '#555555', fontSize: 14 }}>{t.hint}</p>
    </main>
  );
}
