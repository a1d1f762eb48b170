import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { App } from 'antd';

/**
 * While `dirty`, leaving the page asks first: a navigation in the app to another page (React
 * Router's blocker) gets antd's confirm with `texts.question`; closing or reloading the tab gets
 * the browser's own question (`beforeunload`). A change of the query alone is not leaving.
 */
export function useUnsavedGuard(dirty: boolean, texts: { question: string; ok: string; cancel: string }): void {
  const { modal } = App.useApp();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  // One question per blocked navigation.
  const asking = useRef(false);
  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    modal.confirm({
      title: texts.question,
      okText: texts.ok,
      cancelText: texts.cancel,
      onOk: () => {
        asking.current = false;
        blocker.proceed();
      },
      onCancel: () => {
        asking.current = false;
        blocker.reset();
      },
    });
  }, [blocker, modal, texts.question, texts.ok, texts.cancel]);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older browsers ask only when a return value is set.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
}
