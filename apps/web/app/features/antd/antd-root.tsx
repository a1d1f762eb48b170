import { useMemo, type ReactNode } from 'react';
import { Provider as MotionProvider } from '@rc-component/motion';
import { App, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { antdTheme } from '../../lib/antd-theme.ts';
import { useLang } from '../../lib/i18n.ts';
import { useReducedMotion } from '../../lib/reduced-motion.ts';
import { useRootData } from '../../lib/root-data.ts';

/**
 * antd's providers (tenant theme, zh or en locale, App for message and modal). Pages and layouts
 * that use antd wrap their content in it; the shell itself uses none, which keeps antd out of the
 * first load of pages like /home (docs/decisions/004-first-load-budget.md).
 *
 * antd animates dialogs, lists and toasts whatever the system says; for people who ask for
 * reduced motion (WCAG 2.3.3) they appear and go at once. The provider is always there, so the
 * switch after hydration changes a value, not the tree (docs/decisions/044-reduced-motion.md).
 */
export function AntdRoot({ children }: { children: ReactNode }) {
  const lang = useLang();
  const { site, nonce } = useRootData();
  const theme = useMemo(() => antdTheme(site.website.websiteThemeColor), [site.website.websiteThemeColor]);
  const reducedMotion = useReducedMotion();
  return (
    <MotionProvider motion={!reducedMotion}>
      <ConfigProvider locale={lang === 'en' ? enUS : zhCN} theme={theme} csp={{ nonce }}>
        <App component={false}>{children}</App>
      </ConfigProvider>
    </MotionProvider>
  );
}
