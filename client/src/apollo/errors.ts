import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';

/** What the console shows about a failed request (the error catalogue in docs/domain.md). */
export interface ApiErrorInfo {
  /** `extensions.code`, or `NETWORK_ERROR` when the server could not be reached. */
  code: string;
  message: string;
  requestId: string | null;
  retryAfterSeconds: number | null;
  /** `extensions.field`: the input a BAD_USER_INPUT or CONFLICT is about (`input.endDate`), when it names one. */
  field?: string | null;
  /** `extensions.currentVersion`: the version a stale write's record has now, when a CONFLICT reports it. */
  currentVersion?: number | null;
}

interface GraphQLErrorShape {
  message?: unknown;
  extensions?: Record<string, unknown> | null;
}

function fromGraphQLError(error: GraphQLErrorShape | undefined): ApiErrorInfo | null {
  if (!error) return null;
  const extensions = error.extensions ?? {};
  return {
    code: typeof extensions.code === 'string' ? extensions.code : 'INTERNAL_SERVER_ERROR',
    message: typeof error.message === 'string' ? error.message : 'Something went wrong.',
    requestId: typeof extensions.requestId === 'string' ? extensions.requestId : null,
    retryAfterSeconds: typeof extensions.retryAfterSeconds === 'number' ? extensions.retryAfterSeconds : null,
    field: typeof extensions.field === 'string' ? extensions.field : null,
    currentVersion: typeof extensions.currentVersion === 'number' ? extensions.currentVersion : null,
  };
}

/** A non-2xx response may still carry a GraphQL error body; read it when it does. */
function fromServerBody(bodyText: string): ApiErrorInfo | null {
  try {
    const body: unknown = JSON.parse(bodyText);
    if (body && typeof body === 'object' && 'errors' in body && Array.isArray(body.errors)) {
      return fromGraphQLError(body.errors[0] as GraphQLErrorShape);
    }
  } catch {
    // Not JSON (e.g. a proxy's HTML error page): fall through to the status line.
  }
  return null;
}

export function describeApiError(error: unknown): ApiErrorInfo {
  if (CombinedGraphQLErrors.is(error)) {
    const info = fromGraphQLError(error.errors[0]);
    if (info) return info;
  }
  if (ServerError.is(error)) {
    const info = fromServerBody(error.bodyText);
    if (info) return info;
    return {
      code: `HTTP_${error.statusCode}`,
      message: `The server answered ${error.statusCode}. Try again in a moment.`,
      requestId: error.response.headers.get('x-request-id'),
      retryAfterSeconds: null,
    };
  }
  return {
    code: 'NETWORK_ERROR',
    message: 'Could not reach the Spendscope server. Check your connection and try again.',
    requestId: null,
    retryAfterSeconds: null,
  };
}

/**
 * Whether a failed request for one record means there is no such record for the caller: NOT_FOUND
 * (unknown, or outside their scope), or an id that cannot be one (BAD_USER_INPUT on the `id`
 * argument, as from a hand-typed `/suppliers/abc`). Pages show "not found" for both, with no retry.
 */
export function isMissingRecord(error: unknown): boolean {
  const info = describeApiError(error);
  return info.code === 'NOT_FOUND' || (info.code === 'BAD_USER_INPUT' && info.field === 'id');
}

/** Whether any GraphQL error in a failed request says the session is missing or expired. */
export function isUnauthenticated(error: unknown): boolean {
  if (CombinedGraphQLErrors.is(error)) {
    return error.errors.some((e) => e.extensions?.code === 'UNAUTHENTICATED');
  }
  if (ServerError.is(error)) {
    return error.statusCode === 401 || fromServerBody(error.bodyText)?.code === 'UNAUTHENTICATED';
  }
  return false;
}
