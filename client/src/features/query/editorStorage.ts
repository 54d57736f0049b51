/**
 * GraphiQL's storage, namespaced in localStorage. The URL decides what the editor opens with
 * (a saved id or an encoded draft), so the tabs and editor texts GraphiQL would restore are not
 * kept; its history, favourites and pane sizes are.
 */
const PREFIX = 'spendscope.query:';
const URL_OWNED = new Set(['tabState', 'query', 'variables', 'headers', 'operationName']);

/**
 * Pane sizes until the user drags them. `editorFlex` is the editor's width over the JSON
 * response's (GraphiQL's own default is 1, half each): the console shows the result as a table
 * and a chart below, so the editor takes seven tenths, about 615 px at a 1280 px window.
 */
const PANE_DEFAULTS: Record<string, string> = { editorFlex: String(7 / 3) };

function safe<T>(action: () => T, fallback: T): T {
  try {
    return action();
  } catch {
    return fallback;
  }
}

/** GraphiQL names its keys `graphiql:tabState` and so on. */
const urlOwned = (key: string) => URL_OWNED.has(key.replace(/^graphiql:/, ''));

export const editorStorage: Storage = {
  getItem: (key) => {
    if (urlOwned(key)) return null;
    return safe(() => localStorage.getItem(PREFIX + key), null) ?? PANE_DEFAULTS[key.replace(/^graphiql:/, '')] ?? null;
  },
  setItem: (key, value) => {
    if (!urlOwned(key)) safe(() => localStorage.setItem(PREFIX + key, value), undefined);
  },
  removeItem: (key) => safe(() => localStorage.removeItem(PREFIX + key), undefined),
  clear: () =>
    safe(() => {
      for (const key of Object.keys(localStorage)) if (key.startsWith(PREFIX)) localStorage.removeItem(key);
    }, undefined),
  key: (index) => safe(() => Object.keys(localStorage).filter((k) => k.startsWith(PREFIX))[index]?.slice(PREFIX.length) ?? null, null),
  get length() {
    return safe(() => Object.keys(localStorage).filter((k) => k.startsWith(PREFIX)).length, 0);
  },
};
