import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { performance } from 'node:perf_hooks';
import { startTestServer, type TestServer } from '../../test/server.js';
import { outbox, registerConfirmAndLogin } from '../../test/onboarding.js';
import { DEMO_STAFF, demoProviderEmail } from '../../seeders/demo-accounts.js';
import type { Mailer } from '../../integrations/mail/mailer.js';

/**
 * A password reset or an invitation for an address with an account must not take measurably longer or shorter than
 * for one without (else the timing tells who has an account). Real mail takes time: here every mail takes 200 ms, as
 * a slow SMTP server might (half a second for the invitations, whose answers also vary with an argon2 hash). The requests
 * alternate, one of each kind in a pair, and the median of the differences within the pairs (robust against a machine
 * that gets busier or quieter meanwhile) must stay under a quarter of the mail's time: the mail does not show in the
 * answer. Sending the mail before answering makes it about 200 ms. Here the request only enqueues a job, the same for
 * both; the job worker looks up the account and the mail job delivers. The test waits for the queue to be idle after
 * each request, so a delivery never overlaps the next measurement.
 */

/** How long a mail takes to send; a test may change it. */
let mailMs = 200;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return (sorted[Math.floor((sorted.length - 1) / 2)]! + sorted[Math.ceil((sorted.length - 1) / 2)]!) / 2;
};

/** a[i] and b[i] were measured one after the other. */
function expectSameTiming(a: number[], b: number[], label: string, bound: number) {
  const difference = median(a.map((x, i) => x - b[i]!));
  const detail = `${label}: median difference ${difference.toFixed(1)} ms (medians ${median(a).toFixed(1)} and ${median(b).toFixed(1)} ms)`;
  expect(Math.abs(difference), detail).toBeLessThan(bound);
}

describe('answer timing', () => {
  let server: TestServer;

  beforeAll(async () => {
    // Budgets large enough for 15 requests per address.
    server = await startTestServer({ seed: true, env: { LOGIN_MAX_ATTEMPTS: '50' } });
    const mailer = (server.services.mail as unknown as { mailer: Mailer }).mailer;
    const deliver = mailer.deliver.bind(mailer);
    mailer.deliver = async (mail) => {
      await new Promise((resolve) => setTimeout(resolve, mailMs));
      return deliver(mail);
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
      for (let i = 0; i < 30; i++) {
        const which = i % 2 ? 'unknown' : 'known';
        const email = which === 'known' ? known : `onbekend-${realm}-${i}@voorbeeld.nl`;
        const start = performance.now();
        const r = await c.gql(query, { e: email });
        timings[which].push(performance.now() - start);
        expect(r.data?.[mutation]).toEqual({ requested: true, errors: [] });
        await server.jobsIdle();
      }
      // The work was done: a link for every request for the known address.
      expect(await outbox(server, known)).toHaveLength(15);
      expectSameTiming(timings.known, timings.unknown, `reset (${realm}), known and unknown`, mailMs / 4);
    });
  }

  it(
    'answers an invitation as fast for an address with an account as for a new one',
    { timeout: 120_000 },
    async () => {
      mailMs = 500;
      const query = `mutation($input: InviteProviderUserInput!){ inviteProviderUser(input:$input){ invited errors { code } } }`;
      // First every existing address gets its notice (one an hour): from then on an invitation for it sends no mail at
      // all, while one for a new address sends an invitation. Only answering first makes the two equally fast.
      const warmUp = (await registerConfirmAndLogin(server)).client;
      for (let p = 1; p <= 6; p++)
        await warmUp.gql(query, { input: { name: 'Nieuwe Collega', email: demoProviderEmail(p) } });
      await server.jobsIdle();
      // Two inviting colleagues: each may send 10 invitations an hour.
      const inviters = [(await registerConfirmAndLogin(server)).client, (await registerConfirmAndLogin(server)).client];
      const timings: Record<'existing' | 'fresh', number[]> = { existing: [], fresh: [] };
      for (let i = 0; i < 20; i++) {
        const which = i % 2 ? 'fresh' : 'existing';
        // Each existing address at most 3 times a day (its own limit, one used above): the six demo providers in turn.
        const email =
          which === 'existing'
            ? demoProviderEmail(1 + ((i >> 1) % 6))
            : `nieuwe-collega-${i}-${Date.now()}@voorbeeld.nl`;
        const start = performance.now();
        const r = await inviters[i < 10 ? 0 : 1]!.gql(query, { input: { name: 'Nieuwe Collega', email } });
        timings[which].push(performance.now() - start);
        expect(r.data?.inviteProviderUser).toEqual({ invited: true, errors: [] });
        await server.jobsIdle();
      }
      // The work was done: an invitation to each new address, and still just the one notice to an existing one.
      expect((await outbox(server, demoProviderEmail(1))).map((m) => m.templateKey)).toEqual([
        'PROVIDER_INVITE_EXISTING',
      ]);
      // Both answers include an argon2 hash, which varies more on a busy machine: half the mail's time as the bound.
      expectSameTiming(timings.existing, timings.fresh, 'invitation, existing and new address', mailMs / 2);
    },
  );
});
