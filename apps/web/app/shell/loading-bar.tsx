import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';
import { startLoading, subscribeLoading, type LoadingState } from '../lib/loading.ts';

/** The top loading bar for gateway requests and page navigations (5000 ms, 200 ms throttle). */
export function LoadingBar() {
  const [state, setState] = useState<LoadingState>({ visible: false, progress: 0 });
  const navigation = useNavigation();
  useEffect(() => subscribeLoading(setState), []);
  useEffect(() => (navigation.state === 'idle' ? undefined : startLoading()), [navigation.state]);
  return (
    <div
      className="portal-loading-bar"
      role="progressbar"
      aria-label="loading"
      aria-hidden={!state.visible}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(state.progress * 100)}
      style={{ transform: `scaleX(${state.progress})`, opacity: state.visible ? 1 : 0 }}
    />
  );
}
