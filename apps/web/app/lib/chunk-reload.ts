import { RELOAD_GUARD_MS } from '@portal/contract/constants';

const KEY = 'portal:chunk-reload-at';

/** True when the error is a failed load of a code chunk (a deploy replaced the files). */
function isChunkLoadError(error: unknown): boolean {
  const msg = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|ChunkLoadError|Loading chunk [\w-]+ failed/i.test(
    msg,
  );
}

/** Reloads the page, at most once a minute (platform.md section 9), so a broken deploy cannot loop. */
function reloadOnce(now = Date.now(), storage: Pick<Storage, 'getItem' | 'setItem'> = sessionStorage): boolean {
  const last = Number(storage.getItem(KEY) ?? 0);
  if (now - last < RELOAD_GUARD_MS) return false;
  storage.setItem(KEY, String(now));
  window.location.reload();
  return true;
}

export function installChunkReloadGuard(): void {
  window.addEventListener('vite:preloadError', (event) => {
    event.preventDefault();
    reloadOnce();
  });
  window.addEventListener('unhandledrejection', (event) => {
    if (isChunkLoadError(event.reason)) reloadOnce();
  });
}
