import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { defineMessages } from '../../lib/i18n.ts';

/**
 * What a page needs to offer the study assistant (issue 24 item 3): the labels of the buttons that
 * open it and the drawer, loaded on the first opening. This file is light on purpose (the float
 * window is in every page's first load): the drawer — antd, @ant-design/x, the call schemas —
 * comes in a chunk of its own.
 */
export const launcherMessages = defineMessages({
  zh: { ask: '问AI助手', float: 'AI助手' },
  en: { ask: 'Ask the assistant', float: 'AI assistant' },
});

const loadDrawer = () => import('./assistant-drawer.tsx');
const AssistantDrawer = lazy(loadDrawer);

/** Starts loading the drawer before the click (pointer over the button, keyboard focus on it). */
export function preloadAssistant(): void {
  void loadDrawer().catch(() => {
    // Loaded again (and its failure handled) when the button is pressed.
  });
}

/**
 * The assistant's drawer for one page: `open` shows it (nothing is loaded before the first time),
 * `drawer` is the element to render. `courseTitle`: the course the page is about, suggested as a
 * first question.
 */
export function useAssistantDrawer(courseTitle?: string): { open: () => void; drawer: ReactNode } {
  // null until first opened (nothing loaded), then whether it shows.
  const [shown, setShown] = useState<boolean | null>(null);
  const open = useCallback(() => setShown(true), []);
  const close = useCallback(() => setShown(false), []);
  const drawer =
    shown === null ? null : (
      <Suspense fallback={null}>
        <AssistantDrawer open={shown} onClose={close} courseTitle={courseTitle} />
      </Suspense>
    );
  return { open, drawer };
}
