import { setMaxListeners } from 'node:events';
import type { Response } from 'express';
import { GraphQLError } from 'graphql';
import { limitError } from '../graphql/limits.js';

/** Why a request's statements were stopped: its client went away (nobody reads the answer). */
export class ClientClosedRequest extends GraphQLError {
  constructor() {
    super('The client closed the request.', { extensions: { code: 'CLIENT_CLOSED_REQUEST' } });
  }
}

/**
 * One request's abort signal (docs/request-limits.md): aborted when its time budget runs out
 * (reason: QUERY_TOO_COMPLEX with limit `time`) or when its client disconnects before the
 * response has finished (reason: ClientClosedRequest). Every statement the request runs carries
 * the signal through RequestStore, so DuckDB interrupts them.
 */
export class RequestBudget {
  private readonly controller = new AbortController();
  private readonly started = Date.now();
  private timer: NodeJS.Timeout | undefined;
  private cancelOnDisconnect = true;

  constructor(
    private readonly timeoutMs: number,
    /** False once the answer has begun streaming: from then on only a disconnect stops it. */
    private readonly mayExpire: () => boolean = () => true,
    /** The server's requests in flight, which a shutdown cancels once its grace period is over. */
    private readonly live?: Set<RequestBudget>,
  ) {
    live?.add(this);
    // Each running statement listens; an operation may run up to maxAggregates of them and more.
    setMaxListeners(1000, this.controller.signal);
    this.timer = setTimeout(() => this.expire(), timeoutMs);
    this.timer.unref();
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Whether the client went away (its errors are not ours to log). */
  get clientClosed(): boolean {
    return this.signal.aborted && this.signal.reason instanceof ClientClosedRequest;
  }

  private expire(): void {
    if (!this.mayExpire()) return;
    this.controller.abort(limitError('time', this.timeoutMs, Date.now() - this.started));
  }

  /** Aborts when `res` closes before it finished, unless the request is a write (see keepOnDisconnect). */
  watch(res: Response): this {
    res.on('close', () => {
      if (!res.writableFinished && this.cancelOnDisconnect) this.controller.abort(new ClientClosedRequest());
      this.finish();
    });
    return this;
  }

  /** Writes run to completion (or their time budget) even when the client leaves: half a write helps nobody. */
  keepOnDisconnect(): void {
    this.cancelOnDisconnect = false;
  }

  /** For work that is long by design (import validation and commit): no time budget. */
  unbounded(): void {
    clearTimeout(this.timer);
  }

  /** Stops the request's statements; they fail with `reason` (shutdown: "try again"). */
  cancel(reason: Error): void {
    this.controller.abort(reason);
  }

  finish(): void {
    clearTimeout(this.timer);
    this.live?.delete(this);
  }
}
