import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { performance } from 'node:perf_hooks';
import { startTestServer, type TestServer } from '../../test/server.js';
import { outbox } from '../../test/onboarding.js';
import { DEMO_STAFF, demoProviderEmail } from '../../seeders/demo-accounts.js';
import type { Mailer } from '../../integrations/mail/mailer.js';

/**
 * A password reset for a known address must not take measurably longer than for an unknown one (else the timing
 * tells who has an account). Real mail takes time: here every mail takes 150 ms, as a slow SMTP server would. The
 * requests alternate, known and unknown, and the medians of 10 each are compared with a generous bound.
 */

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return (sorted[Math.floor((sorted.length - 1) / 2)]! + sorted[Math.ceil((sorted.length - 1) / 2)]!) / 2;
};

describe('password reset timing', () => {
  let server: TestServer;

  beforeAll(async () => {
    // Budgets large enough for 10 requests per address.
    server = await startTestServer({ seed: true, env: { LOGIN_MAX_ATTEMPTS: '50' } });
    const mailer = (server.services.mail as unknown as { mailer: Mailer }).mailer;
    const deliver = mailer.deliver.bind(mailer);
    mailer.deliver = async (em, mail) => {
      await new Promise((resolve) => setTimeout(resolve, 150));
      return deliver(em, mail);
    };
  });
  afterAll(async () => {
    await server?.close();
  });

  for (const [realm, mutation, known] of [
    ['provider', 'requestPasswordReset', demoProviderEmail(4)],
    ['staff', 'requestStaffPasswordReset', DEMO_STAFF[0]!.email],
  ] as const) {
    it(`answers as fast for a known as for an unknown address (${realm})`, async () => {
      const c = server.client();
      const query = `mutation($e:String!){ ${mutation}(email:$e){ requested errors { code } } }`;
      const timings: Record<'known' | 'unknown', number[]> = { known: [], unknown: [] };
      for (let i = 0; i < 20; i++) {
        const which = i % 2 ? 'unknown' : 'known';
        const email = which === 'known' ? known : `onbekend-${realm}-${i}@voorbeeld.nl`;
        const start = performance.now();
        const r = await c.gql(query, { e: email });
        timings[which].push(performance.now() - start);
        expect(r.data?.[mutation]).toEqual({ requested: true, errors: [] });
        await server.services.afterAnswer.idle();
      }
      // The work was done: ten links went to the known address.
      expect(await outbox(server, known)).toHaveLength(10);
      const k = median(timings.known);
      const u = median(timings.unknown);
      expect(Math.abs(k - u), `median known ${k.toFixed(1)} ms, unknown ${u.toFixed(1)} ms`).toBeLessThan(Math.max(30, 0.3 * Math.max(k, u)));
    });
  }
});
