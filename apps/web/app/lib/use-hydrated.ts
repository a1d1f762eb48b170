import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/** True once the page is hydrated (false in the server's HTML and the first render in the browser). */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
