import { Provider as MotionProvider } from '@rc-component/motion';
import { ConfigProvider, message, Modal } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import type { ThemeOptions } from '@portal/contract';
import { antdTheme } from '../../lib/antd-theme.ts';
import type { Lang } from '../../lib/navigation.ts';
import { prefersReducedMotion } from '../../lib/reduced-motion.ts';

/**
 * Toasts and dialogs of the request layer, loaded on the first error only. They render outside the
 * page's tree, so the tenant theme, language and reduced motion are given to antd's holder here.
 */
let configured = '';
function configure(theme: Pick<ThemeOptions, 'themeColor'>, lang: Lang): void {
  const key = `${theme.themeColor}|${lang}`;
  if (configured === key) return;
  configured = key;
  const config = antdTheme(theme);
  ConfigProvider.config({
    holderRender: (children) => (
      <MotionProvider motion={!prefersReducedMotion()}>
        <ConfigProvider locale={lang === 'en' ? enUS : zhCN} theme={config}>
          {children}
        </ConfigProvider>
      </MotionProvider>
    ),
  });
}

export function showError(text: string, theme: Pick<ThemeOptions, 'themeColor'>, lang: Lang): void {
  configure(theme, lang);
  void message.error(text);
}

export function showSuccess(text: string, theme: Pick<ThemeOptions, 'themeColor'>, lang: Lang): void {
  configure(theme, lang);
  void message.success(text);
}

export function showNotice(
  options: { title: string; content: string; okText: string; onOk?: (() => void) | undefined },
  theme: Pick<ThemeOptions, 'themeColor'>,
  lang: Lang,
): void {
  configure(theme, lang);
  Modal.warning({
    title: options.title,
    content: options.content,
    okText: options.okText,
    onOk: options.onOk,
    closable: false,
    maskClosable: false,
    keyboard: false,
  });
}

/** A confirmation dialog (sign-out): onOk runs when confirmed; the dialog waits for it. */
export function confirmDialog(
  options: { title: string; content: string; okText: string; cancelText: string },
  theme: Pick<ThemeOptions, 'themeColor'>,
  lang: Lang,
  onOk: () => Promise<void>,
): void {
  configure(theme, lang);
  Modal.confirm({ ...options, onOk });
}
