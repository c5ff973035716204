import { LockMode } from '@mikro-orm/core';
import { ForbiddenError } from '../../kernel/errors.js';
import { Audience, PERMISSION_DESCRIPTIONS } from '../../kernel/permissions.js';
import { inScope } from '../../kernel/scope.js';
import { isUuid } from '../../graphql/ids.js';
import { encodeCursor, pageSize, readCursor, type ConnectionOf, type ListArgs } from '../../graphql/pagination.js';
import { toConnection } from '../../graphql/pagination.js';
import { failIfAny, ok, problem, type Result } from '../../kernel/result.js';
import { UserError } from '../../kernel/errors.js';
import { transactional, type RequestContext } from '../../kernel/request-context.js';
import { encryptSecret, lastFour } from '../../kernel/secret-box.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { webhookUrlRule, WEBHOOK_REPLAY_MAX_DAYS, WEBHOOK_REPLAY_PAGE } from '../../rules/webhook.js';
import type { AuditService } from '../audit/index.js';
import { hostProblem } from './address-guard.js';
import { envelope, eventTypeDefinition, isSubscribableType, WEBHOOK_EVENT_TYPES } from './event-types.js';
import { newSigningSecret } from './signing.js';
import { WebhookEndpoint as EndpointEntity } from './webhook.entities.js';
import { wakeEndpoint, type WebhookEvents } from './webhook-events.js';
import * as q from './webhook.queries.js';
import {
  WebhookDeliveryStatus,
  WebhookEndpointStatus,
  type CreateWebhookEndpointInput,
  type UpdateWebhookEndpointInput,
  type WebhookAttempt,
  type WebhookEndpoint,
  type WebhookEventTypeInfo,
  type WebhookReplay,
} from './webhook.types.js';

const NOT_FOUND = 'Dit webhook-endpoint bestaat niet (meer).';
const CLIENT_NOT_FOUND = 'Deze API-koppeling bestaat niet (meer).';
/** Endpoints per API client. */
export const MAX_ENDPOINTS_PER_CLIENT = 10;
/** How long the previous secret keeps signing after a rotation, unless the rotation says otherwise. */
export const DEFAULT_SECRET_OVERLAP_HOURS = 24;
export const MAX_SECRET_OVERLAP_HOURS = 24 * 7;

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;

function view(e: EndpointEntity, now: Date): WebhookEndpoint {
  return {
    id: e.id,
    apiClientId: e.apiClientId,
    url: e.url,
    description: e.description,
    eventTypes: e.eventTypes,
    status: e.status as WebhookEndpointStatus,
    secretLastFour: e.secretLastFour,
    previousSecretUntil: e.previousSecretUntil && e.previousSecretUntil > now ? e.previousSecretUntil : null,
    consecutiveFailures: e.consecutiveFailures,
    disabledAt: e.disabledAt ?? null,
    createdAt: e.createdAt,
  };
}

/**
 * Partner webhooks on beheer/api (API_CLIENT_MANAGE; the resolver checks it): endpoints of an API client, their
 * secrets, the delivery log, resend, replay and the test event. Scope: the client's municipality must be the
 * viewer's. Every change is audited.
 */
export class WebhookService {
  constructor(
    private readonly audit: AuditService,
    private readonly events: WebhookEvents,
    private readonly jobs: JobQueue,
    private readonly secretKey: Buffer,
    private readonly options: { production: boolean; allowLoopback: boolean },
  ) {}

  eventTypes(): WebhookEventTypeInfo[] {
    return WEBHOOK_EVENT_TYPES.map((d) => ({
      type: d.type,
      description: d.description,
      permission: d.permission,
      exampleBody: JSON.stringify(
        JSON.parse(envelope({ type: d.type, occurredAt: new Date('2027-03-01T10:15:00Z'), payload: d.example })),
        null,
        2,
      ),
    }));
  }

  private viewer(ctx: RequestContext) {
    if (ctx.viewer.kind !== Audience.STAFF && ctx.viewer.kind !== Audience.API_CLIENT) throw new ForbiddenError();
    return ctx.viewer;
  }

  private async client(ctx: RequestContext, apiClientId: string): Promise<q.ClientRow | null> {
    if (!isUuid(apiClientId)) return null;
    const client = await q.clientForWebhooks(ctx.em, apiClientId);
    if (!client || !inScope(this.viewer(ctx), client.municipality_id)) return null;
    return client;
  }

  private async endpoint(
    ctx: RequestContext,
    id: string,
    lock = false,
  ): Promise<{ endpoint: EndpointEntity; client: q.ClientRow } | null> {
    if (!isUuid(id)) return null;
    const endpoint = await ctx.em.findOne(
      EndpointEntity,
      { id },
      lock ? { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true } : {},
    );
    if (!endpoint) return null;
    const client = await this.client(ctx, endpoint.apiClientId);
    return client ? { endpoint, client } : null;
  }

  async list(ctx: RequestContext, apiClientId: string): Promise<WebhookEndpoint[] | null> {
    const client = await this.client(ctx, apiClientId);
    if (!client) return null;
    const rows = await ctx.em.find(EndpointEntity, { apiClientId }, { orderBy: { createdAt: 'asc', id: 'asc' } });
    const now = ctx.clock.now();
    return rows.map((r) => view(r, now));
  }

  /** The URL and the event types, checked: the rule, the host's addresses, known types the client may read. */
  private async check(
    client: q.ClientRow,
    input: { url?: string | null; eventTypes?: readonly string[] | null },
  ): Promise<Result<{ url?: string; eventTypes?: string[] }>> {
    const errors: UserError[] = [];
    const out: { url?: string; eventTypes?: string[] } = {};
    if (input.url !== undefined && input.url !== null) {
      const checked = webhookUrlRule({ allowHttp: !this.options.production }).check(input.url);
      if (!checked.ok) errors.push(UserError.of('url', checked.problem.code, checked.problem.message));
      else {
        const host = await hostProblem(new URL(checked.value).hostname, this.options.allowLoopback);
        if (host === 'blocked')
          errors.push(
            UserError.of(
              'url',
              'PRIVATE_ADDRESS',
              'Dit adres verwijst naar een privé-, lokaal of gereserveerd netwerkadres. Berichten gaan alleen naar adressen op internet.',
            ),
          );
        else if (host === 'unresolvable')
          errors.push(
            UserError.of('url', 'UNKNOWN_HOST', 'De hostnaam van dit adres bestaat niet. Controleer het adres.'),
          );
        else out.url = checked.value;
      }
    }
    if (input.eventTypes !== undefined && input.eventTypes !== null) {
      const types = [...new Set(input.eventTypes)];
      if (types.length === 0)
        errors.push(UserError.of('eventTypes', 'REQUIRED', 'Kies ten minste één soort gebeurtenis.'));
      for (const type of types) {
        if (!isSubscribableType(type)) {
          errors.push(UserError.of('eventTypes', 'UNKNOWN_TYPE', `De soort gebeurtenis “${type}” bestaat niet.`));
          continue;
        }
        const permission = eventTypeDefinition(type)!.permission;
        if (!client.permissions.includes(permission))
          errors.push(
            UserError.of(
              'eventTypes',
              'NOT_PERMITTED',
              `Deze koppeling mag “${type}” niet ontvangen: daarvoor is de bevoegdheid “${PERMISSION_DESCRIPTIONS[permission]}” nodig, en die heeft de koppeling niet.`,
            ),
          );
      }
      out.eventTypes = types;
    }
    return failIfAny(errors) ?? ok(out);
  }

  async create(
    ctx: RequestContext,
    input: CreateWebhookEndpointInput,
  ): Promise<Result<{ endpoint: WebhookEndpoint; secret: string }>> {
    const client = await this.client(ctx, input.apiClientId);
    if (!client) return problem('apiClientId', 'NOT_FOUND', CLIENT_NOT_FOUND);
    if (client.revoked_at)
      return problem('apiClientId', 'REVOKED', 'Deze koppeling is ingetrokken; zij krijgt geen webhooks meer.');
    const checked = await this.check(client, { url: input.url, eventTypes: input.eventTypes });
    if (!checked.ok) return checked;
    const description = (input.description ?? '').trim().slice(0, 200);
    return transactional(ctx, async (tx) => {
      await q.lockClient(tx.em, client.id);
      if ((await q.endpointCount(tx.em, client.id)) >= MAX_ENDPOINTS_PER_CLIENT)
        return problem(
          null,
          'TOO_MANY',
          `Een koppeling heeft hoogstens ${MAX_ENDPOINTS_PER_CLIENT} webhook-endpoints. Verwijder er eerst een.`,
        );
      const secret = newSigningSecret();
      const endpoint = tx.em.create(EndpointEntity, {
        apiClientId: client.id,
        url: checked.value.url!,
        description,
        eventTypes: checked.value.eventTypes!,
        secretSealed: encryptSecret(this.secretKey, secret),
        secretLastFour: lastFour(secret),
        createdAt: tx.clock.now(),
        updatedAt: tx.clock.now(),
      });
      await tx.em.flush();
      await this.audit.record(tx, {
        action: 'webhook.endpoint_created',
        subjectType: 'webhook_endpoint',
        subjectId: endpoint.id,
        details: { apiClientId: client.id, eventTypes: endpoint.eventTypes },
      });
      return ok({ endpoint: view(endpoint, tx.clock.now()), secret });
    });
  }

  async update(ctx: RequestContext, input: UpdateWebhookEndpointInput): Promise<Result<WebhookEndpoint>> {
    return transactional(ctx, async (tx) => {
      const found = await this.endpoint(tx, input.id, true);
      if (!found) return problem('id', 'NOT_FOUND', NOT_FOUND);
      const checked = await this.check(found.client, { url: input.url, eventTypes: input.eventTypes });
      if (!checked.ok) return checked;
      const e = found.endpoint;
      if (checked.value.url) e.url = checked.value.url;
      if (checked.value.eventTypes) e.eventTypes = checked.value.eventTypes;
      if (input.description !== undefined && input.description !== null)
        e.description = input.description.trim().slice(0, 200);
      e.updatedAt = tx.clock.now();
      await tx.em.flush();
      await this.audit.record(tx, {
        action: 'webhook.endpoint_changed',
        subjectType: 'webhook_endpoint',
        subjectId: e.id,
        details: { apiClientId: e.apiClientId, eventTypes: e.eventTypes, urlChanged: Boolean(checked.value.url) },
      });
      return ok(view(e, tx.clock.now()));
    });
  }

  /** Pause, or resume (also after it was switched off): on resuming, what waited is delivered in order. */
  async setPaused(ctx: RequestContext, id: string, paused: boolean): Promise<Result<WebhookEndpoint>> {
    return transactional(ctx, async (tx) => {
      const found = await this.endpoint(tx, id, true);
      if (!found) return problem('id', 'NOT_FOUND', NOT_FOUND);
      const e = found.endpoint;
      const now = tx.clock.now();
      if (paused) {
        if (e.status === 'ACTIVE') e.status = 'PAUSED';
      } else if (e.status !== 'ACTIVE') {
        if (found.client.revoked_at)
          return problem('id', 'REVOKED', 'De koppeling is ingetrokken; deze webhook kan niet meer aan.');
        e.status = 'ACTIVE';
        e.consecutiveFailures = 0;
        e.disabledAt = null;
        await q.makePendingDue(tx.em, e.id, now);
        await wakeEndpoint(this.jobs, tx, e.id);
      }
      e.updatedAt = now;
      await tx.em.flush();
      await this.audit.record(tx, {
        action: paused ? 'webhook.endpoint_paused' : 'webhook.endpoint_resumed',
        subjectType: 'webhook_endpoint',
        subjectId: e.id,
        details: { apiClientId: e.apiClientId },
      });
      return ok(view(e, now));
    });
  }

  async delete(ctx: RequestContext, id: string): Promise<Result<string>> {
    return transactional(ctx, async (tx) => {
      const found = await this.endpoint(tx, id, true);
      if (!found) return problem('id', 'NOT_FOUND', NOT_FOUND);
      await this.audit.record(tx, {
        action: 'webhook.endpoint_deleted',
        subjectType: 'webhook_endpoint',
        subjectId: found.endpoint.id,
        details: { apiClientId: found.endpoint.apiClientId },
      });
      tx.em.remove(found.endpoint);
      await tx.em.flush();
      return ok(id);
    });
  }

  /**
   * A new signing secret; the previous one keeps signing for `overlapHours` (default 24), so the partner can switch
   * without missing a message. One rotation at a time: while the previous secret still signs, another is refused
   * (two rotations at once are serialised on the endpoint's row, and the second is refused).
   */
  async rotate(
    ctx: RequestContext,
    id: string,
    overlapHours?: number | null,
  ): Promise<Result<{ endpoint: WebhookEndpoint; secret: string }>> {
    const hours = overlapHours ?? DEFAULT_SECRET_OVERLAP_HOURS;
    if (!Number.isInteger(hours) || hours < 0 || hours > MAX_SECRET_OVERLAP_HOURS)
      return problem(
        'overlapHours',
        'OUT_OF_RANGE',
        `De overgangsperiode is 0 tot ${MAX_SECRET_OVERLAP_HOURS} uur (een week).`,
      );
    return transactional(ctx, async (tx) => {
      const found = await this.endpoint(tx, id, true);
      if (!found) return problem('id', 'NOT_FOUND', NOT_FOUND);
      const e = found.endpoint;
      const now = tx.clock.now();
      if (e.previousSecretUntil && e.previousSecretUntil > now)
        return problem(
          'id',
          'ROTATION_RUNNING',
          `Er loopt al een wissel van de ondertekeningssleutel: de vorige sleutel ondertekent nog tot ${e.previousSecretUntil.toLocaleString('nl-NL', { timeZone: 'Europe/Amsterdam' })}. Wacht tot die voorbij is.`,
        );
      const secret = newSigningSecret();
      e.previousSecretSealed = hours > 0 ? e.secretSealed : null;
      e.previousSecretUntil = hours > 0 ? new Date(now.getTime() + hours * HOUR_MS) : null;
      e.secretSealed = encryptSecret(this.secretKey, secret);
      e.secretLastFour = lastFour(secret);
      e.updatedAt = now;
      await tx.em.flush();
      await this.audit.record(tx, {
        action: 'webhook.secret_rotated',
        subjectType: 'webhook_endpoint',
        subjectId: e.id,
        details: { apiClientId: e.apiClientId, overlapHours: hours },
      });
      return ok({ endpoint: view(e, now), secret });
    });
  }

  /** The delivery log: attempts, newest first; null when the endpoint is unknown or out of scope. */
  async attempts(
    ctx: RequestContext,
    endpointId: string,
    page: ListArgs,
  ): Promise<ConnectionOf<WebhookAttempt> | null> {
    const found = await this.endpoint(ctx, endpointId);
    if (!found) return null;
    const first = pageSize(page.first);
    const cursor = readCursor(page.after, ['timestamp', 'uuid']);
    const rows = await q.attemptPage(ctx.em, endpointId, cursor ? { at: cursor[0]!, id: cursor[1]! } : null, first + 1);
    return toConnection(rows, {
      first,
      totalCount: await q.attemptCount(ctx.em, endpointId),
      cursorOf: (r) => encodeCursor([r.attempted_at.toISOString(), r.id]),
      nodes: (rs) =>
        rs.map((r) => ({
          id: r.id,
          attemptedAt: r.attempted_at,
          statusCode: r.status_code,
          durationMs: r.duration_ms,
          responseStart: r.response_start,
          error: r.error,
          succeeded: r.succeeded,
          deliveryId: r.delivery_id,
          deliveryStatus: r.delivery_status as WebhookDeliveryStatus,
          eventId: r.event_id,
          eventType: r.event_type,
        })),
    });
  }

  /** Sends one event again (a new delivery at the end of the endpoint's queue, same `webhook-id`). */
  async resend(ctx: RequestContext, deliveryId: string): Promise<Result<{ eventId: string }>> {
    if (!isUuid(deliveryId)) return problem('deliveryId', 'NOT_FOUND', 'Deze aflevering bestaat niet (meer).');
    return transactional(ctx, async (tx) => {
      const delivery = await q.deliveryById(tx.em, deliveryId);
      const found = delivery ? await this.endpoint(tx, delivery.endpoint_id) : null;
      if (!delivery || !found) return problem('deliveryId', 'NOT_FOUND', 'Deze aflevering bestaat niet (meer).');
      const id = await q.insertResend(
        tx.em,
        found.endpoint.id,
        delivery.event_id,
        found.client.municipality_id,
        tx.clock.now(),
      );
      if (!id) return problem('deliveryId', 'NOT_FOUND', 'Deze aflevering bestaat niet (meer).');
      await wakeEndpoint(this.jobs, tx, found.endpoint.id);
      await this.audit.record(tx, {
        action: 'webhook.resent',
        subjectType: 'webhook_endpoint',
        subjectId: found.endpoint.id,
        details: { eventId: delivery.event_id },
      });
      return ok({ eventId: delivery.event_id });
    });
  }

  /**
   * Queues again every event of the endpoint's types since `since`, at most WEBHOOK_REPLAY_PAGE per call, in order;
   * the answer's `continueAfter` queues the next page. `since` lies within the last WEBHOOK_REPLAY_MAX_DAYS days.
   */
  async replay(
    ctx: RequestContext,
    endpointId: string,
    since: Date,
    continueAfter?: string | null,
  ): Promise<Result<WebhookReplay>> {
    const now = ctx.clock.now();
    if (Number.isNaN(since.getTime()) || since > now)
      return problem('since', 'IN_FUTURE', 'Kies een moment in het verleden.');
    if (since.getTime() < now.getTime() - WEBHOOK_REPLAY_MAX_DAYS * DAY_MS)
      return problem('since', 'TOO_LONG_AGO', `Opnieuw versturen kan tot ${WEBHOOK_REPLAY_MAX_DAYS} dagen terug.`);
    if (continueAfter != null && !/^\d{1,18}$/.test(continueAfter))
      return problem('continueAfter', 'INVALID', 'Het vervolgpunt is ongeldig. Begin opnieuw.');
    return transactional(ctx, async (tx) => {
      const found = await this.endpoint(tx, endpointId, true);
      if (!found) return problem('endpointId', 'NOT_FOUND', NOT_FOUND);
      const page = await q.insertReplayPage(tx.em, {
        endpointId,
        municipalityId: found.client.municipality_id,
        types: found.endpoint.eventTypes.filter((t) =>
          found.client.permissions.includes(eventTypeDefinition(t)?.permission ?? ''),
        ),
        from: since,
        afterSeq: continueAfter ?? null,
        limit: WEBHOOK_REPLAY_PAGE,
        at: tx.clock.now(),
      });
      if (page.count > 0) await wakeEndpoint(this.jobs, tx, endpointId);
      await this.audit.record(tx, {
        action: 'webhook.replayed',
        subjectType: 'webhook_endpoint',
        subjectId: endpointId,
        details: { since: since.toISOString(), queued: page.count },
      });
      return ok({
        queued: page.count,
        continueAfter: page.count === WEBHOOK_REPLAY_PAGE ? page.lastSeq : null,
      });
    });
  }

  /** A `webhook.test` event to this endpoint only (also when paused: it waits like the rest). */
  async sendTest(ctx: RequestContext, endpointId: string): Promise<Result<{ eventId: string }>> {
    return transactional(ctx, async (tx) => {
      const found = await this.endpoint(tx, endpointId);
      if (!found) return problem('endpointId', 'NOT_FOUND', NOT_FOUND);
      const eventId = await this.events.record(
        tx,
        {
          type: 'webhook.test',
          municipalityId: found.client.municipality_id,
          subjectId: endpointId,
          payload: { endpointId, message: 'Dit is een testbericht van Gemeentewinkel.' },
        },
        { onlyEndpointId: endpointId },
      );
      await this.audit.record(tx, {
        action: 'webhook.test_sent',
        subjectType: 'webhook_endpoint',
        subjectId: endpointId,
        details: { eventId },
      });
      return ok({ eventId });
    });
  }

  /** The retention purge's part (audit's RetentionService calls it in its transaction). */
  purge(em: RequestContext['em'], cutoff: Date): Promise<number> {
    return q.purgeBefore(em, cutoff);
  }
}
