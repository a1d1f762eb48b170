import { LOADING_BAR_DURATION_MS, LOADING_BAR_THROTTLE_MS } from '@portal/contract/constants';

/**
 * The loading bar's state: shown only when something has been loading longer than the throttle
 * (200 ms), creeping towards the end over 5000 ms, finished when everything is done.
 */
type Listener = (state: LoadingState) => void;
export interface LoadingState {
  visible: boolean;
  /** 0..1 */
  progress: number;
}

let active = 0;
let startedAt = 0;
let showTimer: ReturnType<typeof setTimeout> | undefined;
let tickTimer: ReturnType<typeof setInterval> | undefined;
let state: LoadingState = { visible: false, progress: 0 };
const listeners = new Set<Listener>();

function emit(next: LoadingState) {
  state = next;
  for (const l of listeners) l(state);
}

export function subscribeLoading(l: Listener): () => void {
  listeners.add(l);
  l(state);
  return () => listeners.delete(l);
}

/** Progress after `elapsed` ms: eases towards 0.95 over the 5000 ms duration, never completes by itself. */
function progressAt(elapsed: number): number {
  const t = Math.min(elapsed / LOADING_BAR_DURATION_MS, 1);
  return 0.08 + 0.87 * (1 - (1 - t) * (1 - t));
}

export function startLoading(): () => void {
  active += 1;
  if (active === 1) {
    startedAt = Date.now();
    showTimer = setTimeout(() => {
      emit({ visible: true, progress: progressAt(Date.now() - startedAt) });
      tickTimer = setInterval(
        () => emit({ visible: true, progress: progressAt(Date.now() - startedAt) }),
        LOADING_BAR_THROTTLE_MS,
      );
    }, LOADING_BAR_THROTTLE_MS);
  }
  let done = false;
  return () => {
    if (done) return;
    done = true;
    active -= 1;
    if (active > 0) return;
    clearTimeout(showTimer);
    clearInterval(tickTimer);
    if (state.visible) {
      emit({ visible: true, progress: 1 });
      setTimeout(() => active === 0 && emit({ visible: false, progress: 0 }), LOADING_BAR_THROTTLE_MS);
    }
  };
}
