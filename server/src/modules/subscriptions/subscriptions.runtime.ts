import { randomBytes, randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { GraphQLError } from 'graphql';
import nodemailer, { type Transporter } from 'nodemailer';
import { createUserContext, type AppServices } from '../../context.js';
import { sqlTimestamp } from '../../core/time.js';
import { firstLine } from '../../lib/first-line.js';
import { RequestBudget } from '../../http/request-budget.js';
import { AuthService } from '../auth/auth.service.js';
import type { ExportsService } from '../exports/exports.service.js';
import { nextRun } from './schedule.js';
import { runTimestamp, storedInstant } from './subscriptions.service.js';
import type { SubscriptionRecord } from './subscriptions.mappers.js';
import * as q from './subscriptions.queries.js';

/** Codes of errors that say the report cannot be made for this recipient: no retry helps. */
const PERMANENT = new Set(['FORBIDDEN', 'NOT_FOUND', 'BAD_USER_INPUT', 'QUERY_TOO_COMPLEX', 'UNAUTHENTICATED']);

/** How long rendering one attachment may take (its statements are interrupted after). */
const RENDER_TIMEOUT_MS = 10 * 60_000;

/** Deliveries one tick sends at most before the next look at the schedule. */
const PER_TICK = 50;

/** An export written into memory, with the headers an HTTP answer would have had. */
class BufferTarget extends Writable {
  readonly chunks: Buffer[] = [];
  readonly headers = new Map<string, string>();
  override _write(chunk: Buffer | string, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
    done();
  }
  setHeader(name: string, value: string): this {
    this.headers.set(name.toLowerCase(), String(value));
    return this;
  }
}

/** Why a delivery ended without being sent: `retry` when a later attempt may succeed. */
class DeliveryProblem extends Error {
  constructor(message: string, readonly retry: boolean, readonly status: 'FAILED' | 'SKIPPED' = 'FAILED') {
    super(message);
  }
}

const wait = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * Sends report subscriptions (docs/domain.md, "Report subscriptions"; docs/durability.md, "Report
 * deliveries"). Every process runs one: each tick it queues the runs of subscriptions that came due
 * (one process wins each run, by moving `next_run_at` first), then claims waiting deliveries one at
 * a time and sends them, beating a heartbeat while it works. A delivery is rendered as its
 * recipient, through the same export as their own download, and sent by SMTP; an SMTP failure
 * is tried again later, twice as late each time. Without `SPENDSCOPE_SMTP_URL` deliveries are
 * queued and wait.
 */
export class DeliveryRuntime {
  /** This process among all that share the database. */
  readonly owner = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  private stopped = false;
  private transport: Transporter | null = null;

  constructor(
    private readonly app: AppServices,
    private readonly exports: ExportsService,
    private readonly log: (message: string) => void,
  ) {
    const url = app.config.smtpUrl;
    if (url) this.transport = nodemailer.createTransport({ url, connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 } as never);
  }

  start(): () => void {
    this.timer = setInterval(() => void this.tick(), this.app.config.deliveryPollMs);
    this.timer.unref();
    if (!this.transport) this.log('Report delivery is off: SPENDSCOPE_SMTP_URL is not set. Subscriptions can be made; their deliveries wait.');
    return () => this.stop();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.transport?.close();
  }

  /** One look: due subscriptions become runs, then waiting deliveries are sent. One tick at a time. */
  tick(): Promise<void> {
    this.ticking ??= (async () => {
      try {
        await this.queueDueRuns();
        if (this.transport) await this.sendWaiting();
      } catch (error) {
        if (!this.stopped) this.log(`Report delivery tick failed: ${firstLine(error)}`);
      } finally {
        this.ticking = null;
      }
    })();
    return this.ticking;
  }

  private async queueDueRuns(): Promise<void> {
    const { store } = this.app;
    const now = Date.now();
    for (const s of await q.dueSubscriptions(store, sqlTimestamp(new Date(now)))) {
      if (this.stopped) return;
      // Once, however many runs were missed while no process ran: then the next one to come.
      const next = runTimestamp(nextRun(s, Math.max(now, storedInstant(s.nextRunAt!))));
      await store.transaction(async (tx) => {
        if (!(await q.advanceSubscription(tx, s.id, s.nextRunAt!, next, sqlTimestamp(new Date(now))))) return; // another process took this run
        // A disabled creator's subscriptions stop: the schedule moves on and nothing is queued.
        if (s.createdByDisabled) return;
        await q.insertRun(tx, { subscriptionId: s.id, trigger: 'SCHEDULED', requestedBy: null, scheduledFor: s.nextRunAt!, recipientIds: s.recipients.map((r) => r.id), now: sqlTimestamp(new Date(now)) });
      });
    }
  }

  private async sendWaiting(): Promise<void> {
    const { store, config } = this.app;
    for (let i = 0; i < PER_TICK && !this.stopped; i++) {
      const now = Date.now();
      const staleBefore = sqlTimestamp(new Date(now - config.deliveryStaleMs));
      if (!(await q.anyClaimable(store, sqlTimestamp(new Date(now)), staleBefore))) return;
      const claimed = await q.claimDelivery(store, this.owner, sqlTimestamp(new Date(now)), staleBefore);
      if (!claimed) return;
      await this.deliver(claimed);
    }
  }

  private async deliver(claimed: q.ClaimedDelivery): Promise<void> {
    const { store, config } = this.app;
    const beat = setInterval(() => {
      void q.beat(store, claimed.id, this.owner, sqlTimestamp(new Date())).catch((error: unknown) => this.log(`Delivery ${claimed.id}: heartbeat failed: ${firstLine(error)}`));
    }, Math.max(100, Math.floor(config.deliveryStaleMs / 4)));
    beat.unref();
    try {
      if (config.deliveryClaimPauseMs > 0) {
        // Tests only: a moment between the claim and the sending, where a test kills the process.
        this.log(`Delivery ${claimed.id}: claimed (attempt ${claimed.attempts}), pausing ${config.deliveryClaimPauseMs} ms before sending`);
        await wait(config.deliveryClaimPauseMs);
      }
      const messageId = await this.send(claimed);
      await q.finishDelivery(store, claimed.id, this.owner, { status: 'SENT', error: null, sentAt: sqlTimestamp(new Date()), now: sqlTimestamp(new Date()) });
      this.log(`Delivery ${claimed.id}: sent to user ${claimed.recipientId} (${messageId})`);
    } catch (error) {
      const problem = error instanceof DeliveryProblem ? error : new DeliveryProblem(firstLine(error), true);
      const now = Date.now();
      if (problem.retry && claimed.attempts < config.deliveryMaxAttempts) {
        const delay = config.deliveryRetryMs * 2 ** (claimed.attempts - 1);
        await q.finishDelivery(store, claimed.id, this.owner, { status: 'PENDING', error: problem.message, nextAttemptAt: sqlTimestamp(new Date(now + delay)), now: sqlTimestamp(new Date(now)) });
        this.log(`Delivery ${claimed.id}: attempt ${claimed.attempts} failed, tried again in ${Math.round(delay / 1000)} s: ${problem.message}`);
      } else {
        const message = problem.retry ? `Gave up after ${claimed.attempts} attempts: ${problem.message}` : problem.message;
        await q.finishDelivery(store, claimed.id, this.owner, { status: problem.status, error: message, now: sqlTimestamp(new Date(now)) });
        this.log(`Delivery ${claimed.id}: ${problem.status.toLowerCase()}: ${message}`);
      }
    } finally {
      clearInterval(beat);
    }
  }

  /** Renders the attachment as the recipient and hands the message to the SMTP server; returns its Message-ID. */
  private async send(claimed: q.ClaimedDelivery): Promise<string> {
    const { store, config } = this.app;
    const subscription = await q.findSubscription(store, claimed.subscriptionId);
    if (!subscription) throw new DeliveryProblem('The subscription was deleted.', false, 'SKIPPED');
    if (subscription.createdByDisabled) throw new DeliveryProblem(`${subscription.createdByName}, who made the subscription, is disabled.`, false, 'SKIPPED');
    const user = await new AuthService(store, config, this.app.sessions).enabledUser(claimed.recipientId);
    if (!user) throw new DeliveryProblem('The recipient is disabled.', false, 'SKIPPED');

    const budget = new RequestBudget(RENDER_TIMEOUT_MS, undefined, this.app.requests);
    const ctx = createUserContext(this.app, user, `delivery-${claimed.id}-${randomUUID()}`, budget);
    const format = subscription.format === 'XLSX' ? 'xlsx' : 'csv';
    const target = new BufferTarget();
    let intro: { period: string | null; scope: string | null };
    try {
      const view = await ctx.views.byId(String(subscription.savedViewId));
      const period = await ctx.views.period(view);
      intro = { period: period && (period.dateFrom || period.dateTo) ? `${period.dateFrom ?? 'the start'} to ${period.dateTo ?? 'the end'}` : null, scope: await this.scopeText(ctx) };
      await this.exports.savedView(ctx, target, format, String(subscription.savedViewId));
      if (!target.writableEnded) target.end();
      await finished(target);
    } catch (error) {
      const code = error instanceof GraphQLError ? String(error.extensions?.code ?? '') : '';
      throw new DeliveryProblem(error instanceof GraphQLError ? error.message : firstLine(error), !PERMANENT.has(code));
    } finally {
      budget.finish();
    }
    const disposition = target.headers.get('content-disposition') ?? '';
    const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `spendscope-report.${format}`;
    const messageId = `<delivery-${claimed.id}@${this.mailDomain()}>`;
    try {
      await this.transport!.sendMail({
        from: config.smtpFrom,
        to: { name: user.name, address: user.email },
        subject: `${subscription.savedViewName}${intro.period ? ` — ${intro.period}` : ''}`,
        text: this.body(subscription, user.name, intro),
        // The same id on every attempt of this delivery, so a mail system can tell a repeat.
        messageId,
        headers: { 'X-Spendscope-Delivery': claimed.id, 'X-Spendscope-Subscription': String(subscription.id) },
        attachments: [{ filename, content: Buffer.concat(target.chunks), contentType: target.headers.get('content-type') ?? undefined }],
      });
    } catch (error) {
      throw new DeliveryProblem(`The mail server refused the message: ${firstLine(error)}`, true);
    }
    return messageId;
  }

  /** "Figures are limited to your categories: …", as the console's notice says it; null for an unrestricted user. */
  private async scopeText(ctx: ReturnType<typeof createUserContext>): Promise<string | null> {
    const { scope } = ctx.data.viewer();
    if (scope.categoryIds === null && scope.businessUnitIds === null) return null;
    const directory = await ctx.data.directory();
    const parts = [
      scope.categoryIds ? `your categories: ${scope.categoryIds.map((id) => directory.categoriesById.get(id)?.name ?? `#${id}`).join(', ') || 'none'}` : null,
      scope.businessUnitIds ? `your business units: ${scope.businessUnitIds.map((id) => directory.businessUnitsById.get(id)?.name ?? `#${id}`).join(', ') || 'none'}` : null,
    ].filter((p): p is string => p !== null);
    return `Figures are limited to ${parts.join(' and ')}.`;
  }

  private mailDomain(): string {
    const url = this.app.config.publicUrl;
    return url ? new URL(url).hostname : 'spendscope.invalid';
  }

  private body(s: SubscriptionRecord, name: string, intro: { period: string | null; scope: string | null }): string {
    const base = this.app.config.publicUrl;
    const link = base ? `${base}/reports/${s.savedViewId}` : `/reports/${s.savedViewId} in Spendscope`;
    const delivery = base ? `${base}/reports/${s.savedViewId}/delivery` : `/reports/${s.savedViewId}/delivery in Spendscope`;
    return [
      `Hello ${name},`,
      '',
      `Attached is “${s.savedViewName}”${intro.period ? ` for ${intro.period}` : ''}, as of ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
      intro.scope ?? 'Figures cover all spend.',
      '',
      `Open the report: ${link}`,
      `Schedule and recipients: ${delivery}`,
      '',
      `You receive this because ${s.createdByName} subscribed you to it. Its owner or an admin can change or stop it there.`,
    ].join('\n');
  }
}
