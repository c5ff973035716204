import { randomUUID } from 'node:crypto';
import { decryptSecret } from '../../kernel/secret-box.js';
import { transactional, type RequestContext } from '../../kernel/request-context.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { AuditService } from '../audit/index.js';
import { envelope } from './event-types.js';
import { signedHeaders } from './signing.js';
import { postWebhook, type AttemptOutcome, type TransportOptions } from './transport.js';
import { wakeEndpoint } from './webhook-events.js';
import * as q from './webhook.queries.js';

/**
 * When a failed delivery is tried again, after its first attempt (Standard Webhooks' schedule, stretched): 5 s, 5 min,
 * 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h — about three days in all — then it is given up (FAILED).
 */
export const RETRY_DELAYS_SECONDS = [5, 300, 1800, 7200, 18000, 36000, 50400, 72000, 86400];

export interface WebhookSettings {
  get(section: 'webhooks'): Promise<{ disableAfterFailures: number; attemptTimeoutSeconds: number }>;
}

export interface DisabledNotice {
  /** A mail to the staff member the client answers to (communication's MailService, given by module.ts). */
  (
    ctx: RequestContext,
    mail: { to: string; name: string; clientName: string; endpointUrl: string; failures: number },
  ): Promise<void>;
}

/**
 * One run of the job sends at most this many deliveries, for at most RUN_BUDGET_MS, then hands over to a next run, so
 * a worker slot is shared with the other endpoints; an endpoint whose answers took over SLOW_MS on average gets a
 * lower priority for its next run, so a slow partner never holds up the others for longer than one budget.
 */
const PER_RUN = 50;
const RUN_BUDGET_MS = 5_000;
const SLOW_MS = 1_000;

/**
 * Delivery of an endpoint's queue, by the `webhooks.deliver` job (one job per endpoint, its own queue name: one at a
 * time per endpoint, endpoints in parallel). Takes the first pending delivery (events in the order they happened),
 * signs and POSTs it (transport.ts: SSRF guard at connect time, time-out, no redirects), records the attempt, and
 * moves on; a failure keeps the queue waiting until the retry is due (so a subject's events never overtake each
 * other), and after `disableAfterFailures` failures in a row the endpoint is switched off with a mail and a notice.
 */
export class WebhookDelivery {
  private readonly extraCa: string[] = [];

  constructor(
    private readonly secretKey: Buffer,
    private readonly transport: Omit<TransportOptions, 'ca'>,
    private readonly production: boolean,
    private readonly jobs: JobQueue,
    private readonly settings: WebhookSettings,
    private readonly audit: AuditService,
    private readonly notifyDisabled: DisabledNotice,
  ) {}

  /** Outside production only: trust this certificate authority too (a local partner's or a test's receiver). */
  trustCertificate(pem: string): void {
    if (this.production) throw new Error('trustCertificate is for tests and local receivers only');
    this.extraCa.push(pem);
  }

  async deliverEndpoint(ctx: RequestContext, endpointId: string): Promise<{ sent: number; failed: number }> {
    const { disableAfterFailures, attemptTimeoutSeconds } = await this.settings.get('webhooks');
    let sent = 0;
    let failed = 0;
    let spentMs = 0;
    const started = performance.now();
    for (let i = 0; i < PER_RUN && performance.now() - started < RUN_BUDGET_MS; i++) {
      const endpoint = await q.endpointForDelivery(ctx.em, endpointId);
      if (!endpoint || endpoint.status !== 'ACTIVE') break;
      const head = await q.headDelivery(ctx.em, endpointId);
      if (!head) break;
      const now = ctx.clock.now();
      if (head.next_attempt_at.getTime() > now.getTime()) {
        const wait = Math.ceil((head.next_attempt_at.getTime() - now.getTime()) / 1000);
        await wakeEndpoint(this.jobs, ctx, endpointId, wait);
        return { sent, failed };
      }
      const secrets = [decryptSecret(this.secretKey, endpoint.secret_sealed)];
      if (endpoint.previous_secret_sealed && endpoint.previous_secret_until && endpoint.previous_secret_until > now) {
        secrets.push(decryptSecret(this.secretKey, endpoint.previous_secret_sealed));
      }
      const body = envelope({ type: head.type, occurredAt: head.occurred_at, payload: head.payload });
      // The signature's timestamp is the real time: receivers compare it with their own clocks (Standard Webhooks).
      const headers = signedHeaders(secrets, `msg_${head.event_id}`, Math.floor(Date.now() / 1000), body);
      const outcome = await postWebhook(endpoint.url, headers, body, attemptTimeoutSeconds * 1000, {
        ...this.transport,
        ca: this.extraCa,
      });
      spentMs += outcome.durationMs;
      const attempts = head.attempts + 1;
      const gaveUp = await this.recordAttempt(ctx, endpoint, head, outcome, attempts, disableAfterFailures);
      if (outcome.succeeded) sent++;
      else {
        failed++;
        if (!gaveUp) {
          await wakeEndpoint(this.jobs, ctx, endpointId, RETRY_DELAYS_SECONDS[attempts - 1] ?? 0);
          return { sent, failed };
        }
      }
    }
    // More waiting (a long queue): another run, so the worker's slot is shared with other endpoints.
    const endpoint = await q.endpointForDelivery(ctx.em, endpointId);
    if (endpoint?.status === 'ACTIVE' && (await q.headDelivery(ctx.em, endpointId))) {
      const tries = sent + failed;
      await wakeEndpoint(this.jobs, ctx, endpointId, 0, { slow: tries > 0 && spentMs / tries > SLOW_MS });
    }
    return { sent, failed };
  }

  /** Writes the attempt and its consequences; true when the delivery was given up (the queue moves on). */
  private async recordAttempt(
    ctx: RequestContext,
    endpoint: q.EndpointForDelivery,
    head: q.PendingDelivery,
    outcome: AttemptOutcome,
    attempts: number,
    disableAfterFailures: number,
  ): Promise<boolean> {
    return transactional(ctx, async (tx) => {
      const now = tx.clock.now();
      await q.insertAttempt(tx.em, {
        id: randomUUID(),
        deliveryId: head.id,
        endpointId: endpoint.id,
        attemptedAt: now,
        statusCode: outcome.statusCode,
        durationMs: outcome.durationMs,
        responseStart: outcome.responseStart,
        error: outcome.error,
        succeeded: outcome.succeeded,
      });
      if (outcome.succeeded) {
        await q.updateDelivery(tx.em, head.id, {
          status: 'DELIVERED',
          attempts,
          nextAttemptAt: now,
          finishedAt: now,
        });
        await q.resetFailures(tx.em, endpoint.id);
        return false;
      }
      const delay = RETRY_DELAYS_SECONDS[attempts - 1];
      const gaveUp = delay === undefined;
      await q.updateDelivery(tx.em, head.id, {
        status: gaveUp ? 'FAILED' : 'PENDING',
        attempts,
        nextAttemptAt: new Date(now.getTime() + (delay ?? 0) * 1000),
        finishedAt: gaveUp ? now : null,
      });
      const run = await q.countFailure(tx.em, endpoint.id);
      if (run >= disableAfterFailures && (await q.disableEndpoint(tx.em, endpoint.id, now))) {
        await this.audit.record(tx, {
          action: 'webhook.endpoint_disabled',
          subjectType: 'webhook_endpoint',
          subjectId: endpoint.id,
          details: { apiClientId: endpoint.api_client_id, failures: run },
        });
        if (endpoint.creator_email) {
          await this.notifyDisabled(tx, {
            to: endpoint.creator_email,
            name: endpoint.creator_name ?? '',
            clientName: endpoint.client_name,
            endpointUrl: endpoint.url,
            failures: run,
          });
        }
        ctx.log.warn(
          { event: 'webhook_endpoint_disabled', endpointId: endpoint.id, failures: run },
          'webhook disabled',
        );
      }
      return gaveUp;
    });
  }
}
