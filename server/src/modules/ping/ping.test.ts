import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/server.js';
import { DEMO_PASSWORD, DEMO_STAFF } from '../../seeders/demo-accounts.js';

describe('the ping module (one folder and one line in app/modules.ts)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ seed: true });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers staff, and nobody else', async () => {
    const staff = server.client();
    await staff.loginStaff(DEMO_STAFF.find((s) => s.role === 'BEHEERDER')!.email, DEMO_PASSWORD);
    const answer = await staff.gql<{ ping: string }>('{ ping }');
    expect(answer.data?.ping).toMatch(/^pong \d{4}-/);
    const visitor = await server.client().gql('{ ping }');
    expect(visitor.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});
