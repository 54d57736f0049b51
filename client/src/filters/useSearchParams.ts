import { useCallback } from 'react';
import { createSearchParams, useSearchParams as useRouterSearchParams, type NavigateOptions, type URLSearchParamsInit } from 'react-router';

export type SetSearchParams = (next: URLSearchParamsInit | ((current: URLSearchParams) => URLSearchParamsInit), options?: NavigateOptions) => void;

/**
 * react-router's `useSearchParams`, except that a functional update starts from the query string as it is
 * now, not as it was at this component's last render. react-router hands the updater the params it
 * rendered with, so two changes made before React renders again (reset the filters, then pick a user)
 * both start from the old query and the second brings back what the first removed. Every screen that
 * writes its state to the URL uses this hook; the console runs under a BrowserRouter, whose navigations
 * update `window.location` at once (docs/architecture.md, "Where code goes").
 */
export function useSearchParams(): [URLSearchParams, SetSearchParams] {
  const [params, setParams] = useRouterSearchParams();
  const set = useCallback<SetSearchParams>(
    (next, options) => setParams(typeof next === 'function' ? createSearchParams(next(new URLSearchParams(window.location.search))) : next, options),
    [setParams],
  );
  return [params, set];
}

/** `current` with `changes` applied: a key with a value is set, one with null or '' removed. */
export function withSearchParams(current: URLSearchParams, changes: Record<string, string | null>): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === '') next.delete(key);
    else next.set(key, value);
  }
  return next;
}
