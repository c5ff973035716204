import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { generate } from 'selfsigned';
import { Webhook } from 'standardwebhooks';
import { startTestServer, type TestClient, type TestServer } from '../../test/server.js';
import { requestContextFor, staffViewer } from '../../test/context.js';
import { Permission } from '../../kernel/permissions.js';
import { createHousehold, offeredIn, type Household } from '../../test/households.js';
import { checkoutOutcome } from '../../test/checkout-outcome.js';
import { DEMO_PASSWORD, DEMO_STAFF } from '../../seeders/demo-accounts.js';
import { Municipality } from '../municipalities/municipality.entity.js';
import type { Product } from '../catalogue/product.entity.js';
import { ManualClock } from '../../kernel/clock.js';
import { systemViewer } from '../../kernel/viewer.js';
import { todayInAmsterdam } from '../../kernel/dates.js';
import { JOB_SCHEMA } from '../../jobs/job-queue.js';

interface Received {
  id: string;
  type: string;
  data: Record<string, unknown>;
}

/**
 * Must show (issue 29): a partner's receiver over real HTTPS (a certificate made here), subscribed to `order.placed`
 * and `order.delivered`, verifies every request with the `standardwebhooks` package from the registry (not our
 * code), receives a resident's order's two events in order, is down for a while and receives what it missed after,
 * and never gets anything of another municipality.
 */
describe('a partner receiving signed webhooks', () => {
  const clock = new ManualClock(new Date());
  let server: TestServer;
  let beheerder: TestClient;
  let zuiderveen: Municipality;
  let noorderhaven: Municipality;
  let receiver: Server;
  let receiverUrl: string;
  let up = true;
  const received: Received[] = [];
  const refusedSignatures: string[] = [];
  let secret = '';
  let endpointId = '';
  let apiClientId = '';
  let sentProduct: Product;
  let otherProduct: Product;

  const sql = <T>(query: string, params: unknown[] = []) => server.orm.em.fork().execute<T[]>(query, params);
  const deliver = () =>
    server.services.webhookDelivery.deliverEndpoint(
      requestContextFor(server.orm, systemViewer('webhooks.deliver'), { clock }),
      endpointId,
    );

  async function providerClient(providerId: string): Promise<TestClient> {
    const [user] = await sql<{ email: string }>(
      `select email from provider_user where provider_id = ? order by email`,
      [providerId],
    );
    const client = server.client();
    await client.loginProvider(user!.email, DEMO_PASSWORD);
    return client;
  }

  async function orderAndDeliver(h: Household, product: Product): Promise<string> {
    const r = await checkoutOutcome(server, h.customer(), {
      idempotencyKey: randomUUID(),
      lines: [{ productId: product.id, quantity: 1 }],
    });
    expect(r.errors).toEqual([]);
    const orderId = r.orders[0]!.id;
    const provider = await providerClient(product.provider.id);
    const sent = await provider.gql(`mutation($id: ID!) { deliverOrder(id: $id) { errors { code message } } }`, {
      id: orderId,
    });
    expect(sent.errors).toBeUndefined();
    expect(sent.data!.deliverOrder.errors).toEqual([]);
    return orderId;
  }

  beforeAll(async () => {
    const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
      keySize: 2048,
      algorithm: 'sha256',
      extensions: [
        { name: 'basicConstraints', cA: true },
        { name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] },
      ],
    });
    receiver = createServer({ key: pems.private, cert: pems.cert }, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        if (!up) {
          res.writeHead(503, { 'content-type': 'text/plain' }).end('Even niet bereikbaar (onderhoud)');
          return;
        }
        const body = Buffer.concat(chunks).toString('utf8');
        try {
          const msg = new Webhook(secret).verify(body, req.headers as Record<string, string>) as Received;
          received.push({ id: String(req.headers['webhook-id']), type: msg.type, data: msg.data });
          res.writeHead(204).end();
        } catch (e) {
          refusedSignatures.push(String(e));
          res.writeHead(400).end('bad signature');
        }
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `https://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;

    server = await startTestServer({ seed: true, clock, env: { JOBS_WORKER: 'false' } });
    server.services.webhookDelivery.trustCertificate(pems.cert);
    beheerder = server.client();
    await beheerder.loginStaff(DEMO_STAFF.find((s) => s.role === 'BEHEERDER')!.email, DEMO_PASSWORD);
    const em = server.orm.em.fork();
    zuiderveen = await em.findOneOrFail(Municipality, { slug: 'zuiderveen' });
    noorderhaven = await em.findOneOrFail(Municipality, { slug: 'noorderhaven' });
    sentProduct = (await offeredIn(server, zuiderveen.id))[0]!;
    otherProduct = (await offeredIn(server, noorderhaven.id))[0]!;
    await sql(`update product set redemption_method = 'DELIVERY' where id in (?, ?)`, [
      sentProduct.id,
      otherProduct.id,
    ]);

    const created = await beheerder.gql(
      `mutation($input: CreateApiClientInput!) { createApiClient(input: $input) { key errors { code message } apiClient { id } } }`,
      {
        input: {
          name: 'Zaaksysteem Zuiderveen',
          municipalityId: zuiderveen.id,
          permissions: ['ORDER_READ'],
          expiresOn: todayInAmsterdam(new Date(clock.now().getTime() + 90 * 24 * 3600 * 1000)),
        },
      },
    );
    expect(created.data!.createApiClient.errors).toEqual([]);
    apiClientId = created.data!.createApiClient.apiClient.id;
  }, 180_000);

  afterAll(async () => {
    await server?.close();
    receiver?.close();
  });

  it('refuses an endpoint that is not https-or-local, private, or of a type the client may not read, in Dutch', async () => {
    const create = (url: string, eventTypes: string[]) =>
      beheerder.gql(
        `mutation($input: CreateWebhookEndpointInput!) {
           createWebhookEndpoint(input: $input) { secret endpoint { id } errors { field code message } }
         }`,
        { input: { apiClientId, url, eventTypes } },
      );
    const cases: [string, string[], string][] = [
      ['ftp://voorbeeld.nl/hooks', ['order.placed'], 'NOT_HTTPS'],
      ['https://10.1.2.3/hooks', ['order.placed'], 'PRIVATE_ADDRESS'],
      ['https://169.254.169.254/latest/meta-data', ['order.placed'], 'PRIVATE_ADDRESS'],
      ['https://[fd00::1]/hooks', ['order.placed'], 'PRIVATE_ADDRESS'],
      ['https://192.168.1.10/hooks', ['order.placed'], 'PRIVATE_ADDRESS'],
      [receiverUrl, ['payout.paid'], 'NOT_PERMITTED'],
      [receiverUrl, ['order.exploded'], 'UNKNOWN_TYPE'],
      [receiverUrl, [], 'REQUIRED'],
    ];
    for (const [url, types, code] of cases) {
      const r = await create(url, types);
      expect(r.errors).toBeUndefined();
      const payload = r.data!.createWebhookEndpoint;
      expect(payload.endpoint, url).toBeNull();
      expect(payload.secret).toBeNull();
      expect(payload.errors.map((e: { code: string }) => e.code)).toContain(code);
      expect(payload.errors[0].message).toMatch(/[a-z]/);
    }
    expect((await create(receiverUrl, ['payout.paid'])).data!.createWebhookEndpoint.errors[0].message).toMatch(
      /mag “payout.paid” niet ontvangen/,
    );
  });

  it('delivers a resident’s order as order.placed then order.delivered, signed, and the missed ones after an outage', async () => {
    const made = await beheerder.gql(
      `mutation($input: CreateWebhookEndpointInput!) {
         createWebhookEndpoint(input: $input) { secret endpoint { id status eventTypes secretLastFour } errors { code message } }
       }`,
      { input: { apiClientId, url: receiverUrl, eventTypes: ['order.placed', 'order.delivered'] } },
    );
    expect(made.data!.createWebhookEndpoint.errors).toEqual([]);
    secret = made.data!.createWebhookEndpoint.secret;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/);
    endpointId = made.data!.createWebhookEndpoint.endpoint.id;
    expect(made.data!.createWebhookEndpoint.endpoint.secretLastFour).toBe(secret.slice(-4));
    // The secret is shown once: the endpoint list never has it; the database only a sealed copy.
    const listed = await beheerder.gql(`query($id: ID!) { webhookEndpoints(apiClientId: $id) { id url status } }`, {
      id: apiClientId,
    });
    expect(JSON.stringify(listed.data)).not.toContain(secret.slice(6, 20));
    const [stored] = await sql<{ secret_sealed: string }>(`select secret_sealed from webhook_endpoint where id = ?`, [
      endpointId,
    ]);
    expect(stored!.secret_sealed).toMatch(/^v1\./);
    expect(stored!.secret_sealed).not.toContain(secret.slice(6));

    // A resident of Zuiderveen orders; the provider sends it. Both events are in the outbox, a job wakes the endpoint.
    const h = await createHousehold(server, [{ categories: [sentProduct.category.id], amountCents: 500_000 }]);
    const first = await orderAndDeliver(h, sentProduct);
    const [jobs] = await sql<{ n: number }>(
      `select count(*)::int as n from ${JOB_SCHEMA}.jobs where task_identifier = 'webhooks.deliver' and key = ?`,
      [`webhooks.deliver:${endpointId}`],
    );
    expect(jobs!.n).toBe(1);

    // Another municipality's order: never for this endpoint.
    const stranger = await createHousehold(server, [{ categories: [otherProduct.category.id], amountCents: 500_000 }], {
      municipality: noorderhaven,
    });
    const foreign = await orderAndDeliver(stranger, otherProduct);

    await deliver();
    expect(refusedSignatures).toEqual([]);
    expect(received.map((r) => [r.type, r.data.orderId, r.data.status])).toEqual([
      ['order.placed', first, 'PLACED'],
      ['order.delivered', first, 'DELIVERED'],
    ]);
    expect(received[0]!.id).toMatch(/^msg_/);
    // Ids and the changed state, no personal data.
    expect(Object.keys(received[0]!.data).sort()).toEqual(
      [
        'budgetCents',
        'contributionCents',
        'municipalityId',
        'orderId',
        'orderNumber',
        'previousStatus',
        'providerId',
        'status',
        'totalCents',
      ].sort(),
    );

    // The receiver goes down: the next order's events wait, retried with back-off, never out of order.
    up = false;
    const second = await orderAndDeliver(h, sentProduct);
    await deliver();
    expect(received).toHaveLength(2);
    await deliver(); // not due yet: no attempt
    const attempts = async () =>
      (
        await sql<{ n: number }>(`select count(*)::int as n from webhook_attempt where endpoint_id = ?`, [endpointId])
      )[0]!.n;
    expect(await attempts()).toBe(3);
    clock.advance(6_000);
    await deliver(); // still down: the second failure, next try in 5 minutes
    expect(await attempts()).toBe(4);

    const log = await beheerder.gql(
      `query($id: ID!) { webhookAttempts(endpointId: $id, first: 10) {
         totalCount edges { node { statusCode succeeded responseStart error eventType deliveryStatus durationMs } } } }`,
      { id: endpointId },
    );
    const nodes = log.data!.webhookAttempts.edges.map((e: { node: Record<string, unknown> }) => e.node);
    expect(nodes[0]).toMatchObject({
      statusCode: 503,
      succeeded: false,
      responseStart: 'Even niet bereikbaar (onderhoud)',
      eventType: 'order.placed',
      deliveryStatus: 'PENDING',
    });
    expect(nodes.filter((n: { succeeded: boolean }) => n.succeeded)).toHaveLength(2);

    up = true;
    clock.advance(301_000);
    await deliver();
    expect(refusedSignatures).toEqual([]);
    expect(received.map((r) => [r.type, r.data.orderId])).toEqual([
      ['order.placed', first],
      ['order.delivered', first],
      ['order.placed', second],
      ['order.delivered', second],
    ]);
    expect(received.some((r) => r.data.orderId === foreign)).toBe(false);
    expect(received.some((r) => r.data.municipalityId !== zuiderveen.id)).toBe(false);
    // The foreign order's events were recorded, for its own municipality's partners only.
    const [foreignEvents] = await sql<{ n: number }>(
      `select count(*)::int as n from webhook_event e where e.subject = ? and e.municipality_id = ?
          and not exists (select 1 from webhook_delivery d where d.event_id = e.id and d.endpoint_id = ?)`,
      [`order:${foreign}`, noorderhaven.id, endpointId],
    );
    expect(foreignEvents!.n).toBe(2);
  });

  it('rotates the secret with both signing for a while, and refuses a second rotation at the same moment', async () => {
    const rotate = () =>
      beheerder.gql(
        `mutation($id: ID!) { rotateWebhookSecret(id: $id, overlapHours: 24) { secret endpoint { previousSecretUntil } errors { code message } } }`,
        { id: endpointId },
      );
    const [a, b] = await Promise.all([rotate(), rotate()]);
    const payloads = [a.data!.rotateWebhookSecret, b.data!.rotateWebhookSecret];
    const done = payloads.filter((p) => p.secret);
    const refused = payloads.filter((p) => !p.secret);
    expect(done).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(refused[0].errors[0]).toMatchObject({ code: 'ROTATION_RUNNING' });
    expect(refused[0].errors[0].message).toMatch(/Er loopt al een wissel/);
    const oldSecret = secret;
    const newSecret: string = done[0].secret;
    expect(newSecret).not.toBe(oldSecret);

    // A test event: signed with both secrets, so a receiver with either verifies it.
    const before = received.length;
    const test = await beheerder.gql(
      `mutation($id: ID!) { sendWebhookTestEvent(endpointId: $id) { queued { eventId } errors { code } } }`,
      { id: endpointId },
    );
    expect(test.data!.sendWebhookTestEvent.errors).toEqual([]);
    await deliver();
    expect(received.slice(before).map((r) => r.type)).toEqual(['webhook.test']);
    secret = newSecret;
    const again = await beheerder.gql(
      `mutation($id: ID!) { sendWebhookTestEvent(endpointId: $id) { errors { code } } }`,
      { id: endpointId },
    );
    expect(again.data!.sendWebhookTestEvent.errors).toEqual([]);
    await deliver();
    expect(received.slice(before).map((r) => r.type)).toEqual(['webhook.test', 'webhook.test']);
    expect(refusedSignatures).toEqual([]);
  });

  it('replays since a moment in bounded pages, and resends one delivery', async () => {
    const before = received.length;
    const replay = await beheerder.gql(
      `mutation($id: ID!, $since: DateTimeISO!) { replayWebhookEvents(endpointId: $id, since: $since) {
         replay { queued continueAfter } errors { code message } } }`,
      { id: endpointId, since: new Date(clock.now().getTime() - 3600_000).toISOString() },
    );
    expect(replay.errors).toBeUndefined();
    expect(replay.data!.replayWebhookEvents.replay).toEqual({ queued: 4, continueAfter: null });
    await deliver();
    expect(received.slice(before).map((r) => r.type)).toEqual([
      'order.placed',
      'order.delivered',
      'order.placed',
      'order.delivered',
    ]);
    const tooFar = await beheerder.gql(
      `mutation($id: ID!, $since: DateTimeISO!) { replayWebhookEvents(endpointId: $id, since: $since) { errors { code message } } }`,
      { id: endpointId, since: new Date(clock.now().getTime() - 400 * 24 * 3600_000).toISOString() },
    );
    expect(tooFar.data!.replayWebhookEvents.errors[0].code).toBe('TOO_LONG_AGO');

    const [delivery] = await sql<{ id: string }>(
      `select id from webhook_delivery where endpoint_id = ? and status = 'DELIVERED' order by created_at limit 1`,
      [endpointId],
    );
    const resend = await beheerder.gql(
      `mutation($id: ID!) { resendWebhookDelivery(deliveryId: $id) { queued { eventId } errors { code } } }`,
      { id: delivery!.id },
    );
    expect(resend.data!.resendWebhookDelivery.errors).toEqual([]);
    const n = received.length;
    await deliver();
    expect(received).toHaveLength(n + 1);
  });

  it('switches an endpoint off after a run of failures, mails the client’s maker, and delivers in order once resumed', async () => {
    const settingsCtx = requestContextFor(server.orm, staffViewer({ permissions: [Permission.SETTINGS_MANAGE] }), {
      clock,
    });
    const changed = await server.services.settings.update(settingsCtx, 'webhooks', { disableAfterFailures: 3 });
    expect(changed.ok).toBe(true);
    const before = received.length;
    up = false;
    const h = await createHousehold(server, [{ categories: [sentProduct.category.id], amountCents: 500_000 }]);
    const third = await orderAndDeliver(h, sentProduct);
    await deliver();
    clock.advance(6_000);
    await deliver();
    clock.advance(301_000);
    await deliver();
    const [row] = await sql<{ status: string; consecutive_failures: number }>(
      `select status, consecutive_failures from webhook_endpoint where id = ?`,
      [endpointId],
    );
    expect(row).toEqual({ status: 'DISABLED', consecutive_failures: 3 });
    const mails = await sql<{ to_address: string; subject: string; body: string }>(
      `select to_address, subject, body from mail_message where template_key = 'WEBHOOK_ENDPOINT_DISABLED'`,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to_address).toBe(DEMO_STAFF.find((s) => s.role === 'BEHEERDER')!.email);
    expect(mails[0]!.subject).toBe('Webhook van Zaaksysteem Zuiderveen uitgeschakeld');
    expect(mails[0]!.body).toContain(receiverUrl);
    const [audited] = await sql<{ n: number }>(
      `select count(*)::int as n from audit_log where action = 'webhook.endpoint_disabled' and subject_id = ?`,
      [endpointId],
    );
    expect(audited!.n).toBe(1);
    // Switched off: nothing is tried, however long.
    clock.advance(3 * 3600_000);
    await deliver();
    expect(received).toHaveLength(before);

    up = true;
    // Three hours on, the session has timed out: log in again.
    await beheerder.loginStaff(DEMO_STAFF.find((s) => s.role === 'BEHEERDER')!.email, DEMO_PASSWORD);
    const resumed = await beheerder.gql(
      `mutation($id: ID!) { setWebhookEndpointPaused(id: $id, paused: false) { endpoint { status consecutiveFailures } errors { code } } }`,
      { id: endpointId },
    );
    expect(resumed.errors).toBeUndefined();
    expect(resumed.data!.setWebhookEndpointPaused).toEqual({
      endpoint: { status: 'ACTIVE', consecutiveFailures: 0 },
      errors: [],
    });
    await deliver();
    expect(received.slice(before).map((r) => [r.type, r.data.orderId])).toEqual([
      ['order.placed', third],
      ['order.delivered', third],
    ]);
  });

  it('records grants as assignment.granted in the outbox, and purges the delivery log after its period', async () => {
    const h = await createHousehold(server, [{ categories: [sentProduct.category.id], amountCents: 12_345 }]);
    const events = await sql<{ type: string; payload: { amountCents: number } }>(
      `select type, payload from webhook_event where subject = ?`,
      [`assignment:${h.assignmentIds[0]}`],
    );
    expect(events).toEqual([{ type: 'assignment.granted', payload: expect.objectContaining({ amountCents: 12_345 }) }]);

    await sql(`update webhook_attempt set attempted_at = attempted_at - interval '40 days' where endpoint_id = ?`, [
      endpointId,
    ]);
    const counts = await server.services.retention.purge(
      requestContextFor(server.orm, systemViewer('privacy.purgeRetention'), { clock }),
    );
    expect(counts.others.webhooks).toBeGreaterThan(0);
    const [left] = await sql<{ n: number }>(`select count(*)::int as n from webhook_attempt where endpoint_id = ?`, [
      endpointId,
    ]);
    expect(left!.n).toBe(0);
  });

  it('keeps staff of another municipality out of the client’s endpoints', async () => {
    const outsider = requestContextFor(
      server.orm,
      staffViewer({ municipalityIds: [noorderhaven.id], permissions: [Permission.API_CLIENT_MANAGE] }),
      { clock },
    );
    const hooks = server.services.webhooks;
    expect(await hooks.list(outsider, apiClientId)).toBeNull();
    expect(await hooks.attempts(outsider, endpointId, { first: 10 })).toBeNull();
    for (const r of [
      await hooks.delete(outsider, endpointId),
      await hooks.rotate(outsider, endpointId),
      await hooks.setPaused(outsider, endpointId, true),
      await hooks.sendTest(outsider, endpointId),
      await hooks.replay(outsider, endpointId, new Date(clock.now().getTime() - 3600_000)),
      await hooks.create(outsider, { apiClientId, url: receiverUrl, eventTypes: ['order.placed'] }),
    ]) {
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.errors[0]!.code).toBe('NOT_FOUND');
    }
    const [row] = await sql<{ status: string }>(`select status from webhook_endpoint where id = ?`, [endpointId]);
    expect(row!.status).toBe('ACTIVE');
  });

  it('sends nothing while the client’s maker no longer stands behind it (as its key is refused then)', async () => {
    const [maker] = await sql<{ id: string }>(`select created_by_id as id from api_client where id = ?`, [apiClientId]);
    const pending = async () =>
      (
        await sql<{ n: number }>(
          `select count(*)::int as n from webhook_delivery where endpoint_id = ? and status = 'PENDING'`,
          [endpointId],
        )
      )[0]!.n;
    const record = () =>
      server.services.webhookEvents.record(requestContextFor(server.orm, systemViewer('test'), { clock }), {
        type: 'order.placed',
        municipalityId: zuiderveen.id,
        subjectId: sentProduct.id,
        payload: {
          orderId: randomUUID(),
          orderNumber: 'B999999',
          status: 'PLACED',
          previousStatus: null,
          municipalityId: zuiderveen.id,
          providerId: sentProduct.provider.id,
          totalCents: 100,
          budgetCents: 100,
          contributionCents: 0,
        },
      });
    const before = await pending();
    await sql(`update admin_account set active = false where id = ?`, [maker!.id]);
    try {
      await record();
      expect(await pending()).toBe(before);
    } finally {
      await sql(`update admin_account set active = true where id = ?`, [maker!.id]);
    }
    await record();
    expect(await pending()).toBe(before + 1);
  });

  it('keeps to the limit of endpoints per client when many are added at once', async () => {
    const [{ n }] = (await sql<{ n: number }>(
      `select count(*)::int as n from webhook_endpoint where api_client_id = ?`,
      [apiClientId],
    )) as [{ n: number }];
    const create = () =>
      beheerder.gql(
        `mutation($input: CreateWebhookEndpointInput!) { createWebhookEndpoint(input: $input) { secret errors { code } } }`,
        { input: { apiClientId, url: receiverUrl, eventTypes: ['order.placed'] } },
      );
    const results = await Promise.all(Array.from({ length: 12 }, create));
    const made = results.filter((r) => r.data!.createWebhookEndpoint.secret).length;
    expect(made).toBe(10 - n);
    expect(results.filter((r) => r.data!.createWebhookEndpoint.errors[0]?.code === 'TOO_MANY')).toHaveLength(12 - made);
    const [after] = await sql<{ n: number }>(
      `select count(*)::int as n from webhook_endpoint where api_client_id = ?`,
      [apiClientId],
    );
    expect(after!.n).toBe(10);
  });

  it('replays a long range in bounded pages, continuing where the last page ended', async () => {
    const since = new Date(clock.now().getTime() - 60_000);
    await sql(
      `insert into webhook_event (id, municipality_id, type, subject, payload, occurred_at)
       select gen_random_uuid(), ?, 'order.placed', 'order:' || gen_random_uuid(), '{}'::jsonb, ?
         from generate_series(1, 1200)`,
      [zuiderveen.id, clock.now()],
    );
    const page = (continueAfter: string | null) =>
      beheerder.gql(
        `mutation($id: ID!, $since: DateTimeISO!, $after: String) {
           replayWebhookEvents(endpointId: $id, since: $since, continueAfter: $after) { replay { queued continueAfter } errors { code } } }`,
        { id: endpointId, since: since.toISOString(), after: continueAfter },
      );
    const queued: number[] = [];
    let next: string | null = null;
    do {
      const r = await page(next);
      expect(r.data!.replayWebhookEvents.errors).toEqual([]);
      queued.push(r.data!.replayWebhookEvents.replay.queued);
      next = r.data!.replayWebhookEvents.replay.continueAfter;
    } while (next && queued.length < 10);
    expect(queued.slice(0, 2)).toEqual([500, 500]);
    expect(queued.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1200);
    expect(next).toBeNull();
    const bad = await page('1; drop table webhook_event');
    expect(bad.data!.replayWebhookEvents.errors[0].code).toBe('INVALID');
  });
});
