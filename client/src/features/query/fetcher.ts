import type { ExecutionResult } from 'graphql';
import type { ComponentProps } from 'react';
import type { GraphiQL } from 'graphiql';

type Fetcher = ComponentProps<typeof GraphiQL>['fetcher'];
type FetcherParams = Parameters<Fetcher>[0];
type FetcherResult = ExecutionResult;
interface Sink {
  next?(value: FetcherResult): void;
  error?(error: unknown): void;
  complete?(): void;
}

export interface QueryRun {
  document: string;
  variables: Record<string, unknown> | null;
  operationName: string | null;
  result: FetcherResult | null;
  /** HTTP status of the answer; 0 when the request failed or was cancelled. */
  status: number;
  durationMs: number;
  cancelled: boolean;
}

function isIntrospection(params: FetcherParams): boolean {
  return params.operationName === 'IntrospectionQuery';
}

/**
 * GraphiQL's fetcher: a plain same-origin POST to /graphql with the session cookie, so the editor
 * runs with the caller's role, scope and limits like every other call. It returns an Observable:
 * GraphiQL's stop button unsubscribes, which aborts the fetch, and the server cancels the
 * statement of a client that went away. Every run (not the schema introspection) is reported.
 */
export function createFetcher(onRun: (run: QueryRun) => void): Fetcher {
  return (params: FetcherParams) => ({
    subscribe(...args: unknown[]) {
      const first = args[0];
      const sink: Sink =
        typeof first === 'function'
          ? { next: first as Sink['next'], error: (args[1] ?? undefined) as Sink['error'], complete: args[2] as Sink['complete'] }
          : ((first ?? {}) as Sink);
      const controller = new AbortController();
      const started = performance.now();
      const report = !isIntrospection(params);
      const run: Omit<QueryRun, 'result' | 'status' | 'durationMs' | 'cancelled'> = {
        document: params.query,
        variables: (params.variables as Record<string, unknown> | undefined) ?? null,
        operationName: params.operationName ?? null,
      };
      fetch('/graphql', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json, application/json' },
        body: JSON.stringify(params),
        signal: controller.signal,
      })
        .then(async (res) => {
          const result = (await res.json()) as FetcherResult;
          if (report) onRun({ ...run, result, status: res.status, durationMs: performance.now() - started, cancelled: false });
          sink.next?.(result);
          sink.complete?.();
        })
        .catch((error: unknown) => {
          const cancelled = controller.signal.aborted;
          if (report) onRun({ ...run, result: null, status: 0, durationMs: performance.now() - started, cancelled });
          if (cancelled) return;
          sink.error?.(error);
        });
      return { unsubscribe: () => controller.abort() };
    },
  }) as ReturnType<Fetcher>;
}
