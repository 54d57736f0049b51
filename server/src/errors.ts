import { GraphQLError } from 'graphql';

/** The error catalogue (docs/domain.md, errors). */
export type ErrorCode =
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'BAD_USER_INPUT'
  | 'CONFLICT'
  | 'INVALID_STATE'
  | 'QUERY_TOO_COMPLEX'
  | 'RATE_LIMITED'
  | 'IMPORT_INVALID'
  | 'INTERNAL_SERVER_ERROR';

export const ERROR_CODES: ReadonlySet<string> = new Set<ErrorCode>([
  'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'BAD_USER_INPUT', 'CONFLICT', 'INVALID_STATE',
  'QUERY_TOO_COMPLEX', 'RATE_LIMITED', 'IMPORT_INVALID', 'INTERNAL_SERVER_ERROR',
]);

/** The one error type services throw; its message is written for the user and safe to show. */
export class AppError extends GraphQLError {
  constructor(code: ErrorCode, message: string, extra: Record<string, unknown> = {}) {
    super(message, { extensions: { code, ...extra } });
  }
}

export const unauthenticated = () => new AppError('UNAUTHENTICATED', 'Sign in to continue.');
export const forbidden = (action: string) => new AppError('FORBIDDEN', `Your role may not ${action}.`);
/** `field`: the input path that named the id, when it came in an input (a form can point at it). */
export const notFound = (entity: string, id: string | number, field?: string) =>
  new AppError('NOT_FOUND', `${entity} ${id} was not found.`, { entity, id: String(id), ...(field ? { field } : {}) });
export const badInput = (field: string, message: string) => new AppError('BAD_USER_INPUT', message, { field });
// A client error: HTTP 400 for GraphQL too (Apollo reads extensions.http; docs/request-limits.md).
export const tooComplex = (limit: 'depth' | 'cost' | 'rows', max: number, actual: number) =>
  new AppError('QUERY_TOO_COMPLEX', `Query ${limit} ${actual} exceeds the limit of ${max}.`, { limit, max, actual, http: { status: 400 } });
