import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { startTestServer, type TestClient, type TestServer } from '../../test/server.js';
import { createHousehold, zuiderveenCatalogue } from '../../test/households.js';
import { DEMO_PASSWORD, DEMO_STAFF } from '../../seeders/demo-accounts.js';
import { todayInAmsterdam } from '../../kernel/dates.js';
import { applicationNow } from '../../kernel/clock.js';

/**
 * The outbox delivered by the real job queue (graphile-worker running in the test server): a grant commits, its
 * `assignment.granted` event wakes the endpoint's `webhooks.deliver` job, and the partner's receiver gets it signed.
 */
describe('webhooks through the job queue', () => {
  let server: TestServer;
  let beheerder: TestClient;
  let receiver: Server;
  const received: { type: string; data: Record<string, unknown> }[] = [];
  let secret = '';

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const msg = new Webhook(secret).verify(
          Buffer.concat(chunks).toString('utf8'),
          req.headers as Record<string, string>,
        );
        received.push(msg as { type: string; data: Record<string, unknown> });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    server = await startTestServer({ seed: true, env: { JOBS_WORKER: 'true', JOBS_POLL_INTERVAL_MS: '100' } });
    beheerder = server.client();
    await beheerder.loginStaff(DEMO_STAFF.find((s) => s.role === 'BEHEERDER')!.email, DEMO_PASSWORD);
  }, 180_000);

  afterAll(async () => {
    await server?.close();
    receiver?.close();
  });

  it('delivers a grant’s assignment.granted once the grant commits, signed', async () => {
    const { zuiderveen, a } = await zuiderveenCatalogue(server);
    const client = await beheerder.gql(
      `mutation($input: CreateApiClientInput!) { createApiClient(input: $input) { errors { code } apiClient { id } } }`,
      {
        input: {
          name: 'Financiële administratie',
          municipalityId: zuiderveen.id,
          permissions: ['ASSIGNMENT_MANAGE'],
          expiresOn: todayInAmsterdam(new Date(applicationNow().getTime() + 90 * 24 * 3600 * 1000)),
        },
      },
    );
    expect(client.data!.createApiClient.errors).toEqual([]);
    const port = (receiver.address() as AddressInfo).port;
    const made = await beheerder.gql(
      `mutation($input: CreateWebhookEndpointInput!) { createWebhookEndpoint(input: $input) { secret errors { code message } } }`,
      {
        input: {
          apiClientId: client.data!.createApiClient.apiClient.id,
          url: `http://127.0.0.1:${port}/hooks`,
          eventTypes: ['assignment.granted'],
        },
      },
    );
    expect(made.data!.createWebhookEndpoint.errors).toEqual([]);
    secret = made.data!.createWebhookEndpoint.secret;

    const h = await createHousehold(server, [{ categories: [a.category.id], amountCents: 7_500 }]);
    await server.jobsIdle({ timeoutMs: 30_000 });
    await expect.poll(() => received.length, { timeout: 10_000 }).toBe(1);
    expect(received[0]).toMatchObject({
      type: 'assignment.granted',
      data: { assignmentId: h.assignmentIds[0], amountCents: 7_500, municipalityId: zuiderveen.id },
    });
  });
});
