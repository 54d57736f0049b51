import type { RequestHandler } from 'express';
import { sendError } from './errors.js';

/**
 * Requests in flight and whether the server is draining, for a shutdown that ends cleanly
 * (docs/durability.md, "Stopping"): once draining, requests that still arrive on kept-alive
 * connections are refused with 503 and `Connection: close`, so a load balancer retries them on
 * another instance, instead of reaching a GraphQL server that is stopping.
 */
export class Lifecycle {
  draining = false;
  private inFlight = 0;
  private readonly idleWaiters: Array<() => void> = [];

  get requestsInFlight(): number {
    return this.inFlight;
  }

  /** The first middleware of the app. */
  readonly middleware: RequestHandler = (_req, res, next) => {
    if (this.draining) {
      res.setHeader('connection', 'close');
      res.setHeader('retry-after', '1');
      sendError(res, 503, 'RATE_LIMITED', 'The server is restarting. Try again in a moment.', { retryAfterSeconds: 1 });
      return;
    }
    this.inFlight++;
    // 'close' fires once per response, whether it finished or the client went away.
    res.once('close', () => {
      this.inFlight--;
      if (this.inFlight === 0) for (const wake of this.idleWaiters.splice(0)) wake();
    });
    next();
  };

  /** Resolves when no request is in flight, or after `ms`; true when idle. */
  async idle(ms: number): Promise<boolean> {
    if (this.inFlight === 0) return true;
    let timer: NodeJS.Timeout | undefined;
    const idle = new Promise<boolean>((resolve) => this.idleWaiters.push(() => resolve(true)));
    const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
    const result = await Promise.race([idle, late]);
    clearTimeout(timer);
    return result;
  }
}
