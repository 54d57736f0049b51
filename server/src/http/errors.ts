import { randomUUID } from 'node:crypto';
import type { Response } from 'express';
import type { ErrorCode } from '../errors.js';

/**
 * The one REST error body, the same shape as a GraphQL error response:
 * `{ errors: [{ message, extensions: { code, requestId, …details } }] }` (docs/domain.md, errors).
 * Every REST refusal — unknown route, malformed body, cross-site or wrongly typed write, a
 * service's catalogue error, an internal failure — is written here.
 */
export function sendError(
  res: Response,
  status: number,
  code: ErrorCode,
  message: string,
  details: Record<string, unknown> = {},
  requestId: string = randomUUID(),
): void {
  // A refusal that says when to try again says it to HTTP clients and proxies too.
  if (typeof details.retryAfterSeconds === 'number') res.setHeader('retry-after', String(Math.ceil(details.retryAfterSeconds)));
  res.status(status).json({ errors: [{ message, extensions: { ...details, code, requestId } }] });
}

/** The message for anything unexpected: never a stack trace or SQL, always the id of the log line. */
export function internalMessage(requestId: string): string {
  return `Something went wrong on our side (request id ${requestId}).`;
}
