import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import type { CallDef, CallRequest, CallResponse } from '@portal/contract/call';
import { ApiError, request } from './api.ts';

/**
 * The one way signed-in client parts load and change gateway data (decision 018). A page's
 * first-paint data comes from its route loader on the server; what a component loads after that
 * goes through `useCall` (one call) or `useLoad` (several calls, or a call whose declaration is
 * imported lazily), and what it changes goes through `useAction`. The request layer (api.ts)
 * shows every error of the catalogue, so no caller catches just to stay quiet.
 */

/** Whether an error only says the request was given up (unmounted, input changed). */
export function isAbort(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

export interface Loaded<T> {
  /** The last answer (kept while the next one loads, and after a failure); undefined until the first. */
  data: T | undefined;
  /** Why the last load failed (an ApiError, already shown by the request layer), or undefined. */
  error: unknown;
  /** A load is under way. */
  loading: boolean;
  /** Loads again with the same input; resolves once the answer is in `data` (or the load failed). */
  reload: () => Promise<void>;
  /** Changes the kept answer locally (an action's answer that updates one item). */
  setData: Dispatch<SetStateAction<T | undefined>>;
}

/**
 * Runs `load` after mount and whenever `deps` change, aborting the one before (and on unmount): an
 * aborted load changes nothing and shows nothing. `load` gets the signal to pass to `request` and
 * the data loaded so far (a list that grows page by page). `deps` are compared by value (strings,
 * numbers, plain objects: what the load depends on); null: nothing is loaded.
 */
export function useLoad<T>(
  load: (signal: AbortSignal, previous: T | undefined) => Promise<T>,
  deps: readonly unknown[] | null,
): Loaded<T> {
  const key = deps === null ? null : JSON.stringify(deps);
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  // The deps of the last load that finished, and the reloads under way: loading is derived.
  const [settled, setSettled] = useState<string | null>(null);
  const [reloads, setReloads] = useState(0);
  const latest = useRef({ load, data, key });
  // Declared before the load effect, so it runs first: a load always sees this render's `load`.
  useEffect(() => {
    latest.current = { load, data, key };
  });
  const controller = useRef<AbortController | null>(null);

  const start = useCallback(async () => {
    controller.current?.abort();
    const mine = new AbortController();
    controller.current = mine;
    const { load: run, data: previous, key: forKey } = latest.current;
    try {
      const next = await run(mine.signal, previous);
      if (mine.signal.aborted) return;
      setData(() => next);
      setError(undefined);
    } catch (err) {
      if (mine.signal.aborted || isAbort(err)) return;
      setError(err);
      if (!(err instanceof ApiError)) console.error(err);
    }
    if (controller.current === mine) controller.current = null;
    setSettled(forKey);
  }, []);

  useEffect(() => {
    if (key === null) return;
    void start();
    return () => {
      controller.current?.abort();
      controller.current = null;
    };
  }, [key, start]);

  const reload = useCallback(async () => {
    setReloads((n) => n + 1);
    try {
      await start();
    } finally {
      setReloads((n) => n - 1);
    }
  }, [start]);

  return { data, error, loading: key !== null && (settled !== key || reloads > 0), reload, setData };
}

/** Input compared by value: a new object with the same fields does not load again. */
const inputKey = (input: unknown) => JSON.stringify(input ?? {});

/**
 * Loads one contract call with `input` (null: not now) and again whenever the input's value
 * changes. `quiet`: without the loading bar (things that load beside the page).
 */
export function useCall<C extends CallDef>(
  call: C,
  input: CallRequest<C> | null,
  options: { quiet?: boolean } = {},
): Loaded<CallResponse<C>> {
  const key = input === null ? null : inputKey(input);
  const quiet = options.quiet ?? false;
  return useLoad<CallResponse<C>>(
    (signal) => request(call, input ?? undefined, { signal, quiet }) as Promise<CallResponse<C>>,
    key === null ? null : [call.method, call.path, key, quiet],
  );
}

export interface Action<A extends unknown[], R> {
  /**
   * Runs the change; resolves to its result, or to undefined when it failed (the request layer has
   * shown why; `error` holds it). Never rejects.
   */
  run: (...args: A) => Promise<R | undefined>;
  /** The change is under way (a button's loading state). */
  running: boolean;
  /** Why the last run failed, or undefined. */
  error: unknown;
}

/**
 * A change: a contract call (`run(input)`) or a function of several steps. Failures are kept in
 * `error` and resolve to undefined: callers go on only with a result. Errors that are not the
 * gateway's (a bug) are logged as well.
 */
export function useAction<C extends CallDef>(call: C): Action<[CallRequest<C>], CallResponse<C>>;
export function useAction<A extends unknown[], R>(fn: (...args: A) => Promise<R>): Action<A, R>;
export function useAction(target: CallDef | ((...args: unknown[]) => Promise<unknown>)): Action<unknown[], unknown> {
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<unknown>(undefined);
  const latest = useRef(target);
  useEffect(() => {
    latest.current = target;
  });
  const run = useCallback(async (...args: unknown[]) => {
    setRunning(true);
    setError(undefined);
    try {
      const t = latest.current;
      return await (typeof t === 'function' ? t(...args) : request(t, args[0] as never));
    } catch (err) {
      setError(err);
      if (!(err instanceof ApiError) && !isAbort(err)) console.error(err);
      return undefined;
    } finally {
      setRunning(false);
    }
  }, []);
  return { run, running, error };
}
