import pg from 'pg';
import { CHECKOUT_MUTATION, checkoutLines, newKey, type LoadClient, type LoadFixture } from './checkout-load.js';

/**
 * Checkout load that rides out a database failover as a careful client does (the failover tests): every resident
 * checks out again and again; an answer 503 DATABASE_UNAVAILABLE is retried with the same idempotency key until it
 * is answered. Anything else than a checkout done or that 503 is unexpected and stops the resident's loop.
 */

export interface LoadFailure {
  /** What the test said was going on when the request was sent (e.g. "in flight", "down", "after"). */
  sentDuring: string;
  /** When the answer came (performance.now()). */
  at: number;
  status: number;
  code: string;
  retryAfter: string | null;
}

export function retryingCheckouts(
  clients: LoadClient[],
  fixture: LoadFixture,
  options: { retryMs: number; phase: () => string },
) {
  const answered = new Map<string, { orders: string[]; at: number }>();
  const failures: LoadFailure[] = [];
  const unexpected: string[] = [];
  let stopped = false;
  const loops = clients.map(async (client, c) => {
    for (let i = c; !stopped; i += clients.length) {
      const key = newKey();
      const lines = checkoutLines(fixture, i);
      for (let attempt = 0; ; attempt++) {
        const sentDuring = options.phase();
        let r: Awaited<ReturnType<typeof client.gql>>;
        try {
          r = await client.gql(CHECKOUT_MUTATION, { input: { idempotencyKey: key, lines } });
        } catch (error) {
          unexpected.push(`no answer: ${String(error)}`);
          return;
        }
        const checkout = (r.data as { checkout?: { errors: unknown[]; orders: { id: string }[] } } | undefined)
          ?.checkout;
        if (r.status === 200 && checkout && checkout.errors.length === 0 && !r.errors) {
          answered.set(key, { orders: checkout.orders.map((o) => o.id), at: performance.now() });
          break;
        }
        const code = r.errors?.[0]?.extensions?.code ?? 'NONE';
        failures.push({ sentDuring, at: performance.now(), status: r.status, code, retryAfter: r.retryAfter });
        if (code !== 'DATABASE_UNAVAILABLE') {
          unexpected.push(`${r.status} ${code}: ${JSON.stringify(r.errors ?? checkout?.errors)}`);
          return;
        }
        if (attempt >= 400) {
          unexpected.push('still unavailable after 400 retries');
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, options.retryMs));
      }
    }
  });
  return {
    answered,
    failures,
    unexpected,
    /** Checkouts answered as done after `t` (performance.now()). */
    answeredSince: (t: number) => [...answered.values()].filter((a) => a.at > t).length,
    /** Lets every resident finish the checkout it is on (retried to an answer), then stops. */
    stop: async () => {
      stopped = true;
      await Promise.all(loops);
    },
    /** The failures counted by kind, for the log: "8× 503 DATABASE_UNAVAILABLE Retry-After: 2 (sent in flight)". */
    summary: () => {
      const kinds = new Map<string, number>();
      for (const f of failures) {
        const kind = `${f.status} ${f.code} Retry-After: ${f.retryAfter} (sent ${f.sentDuring})`;
        kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
      }
      return [...kinds].map(([kind, n]) => `${n}× ${kind}`).join('; ') || 'none';
    },
  };
}

/**
 * The checkouts in the database at `url` against those answered as done: which answered ones are missing (or have
 * other orders than answered), how many checkouts there are and how many distinct idempotency keys.
 */
export async function storedCheckouts(
  url: string,
  answered: Map<string, { orders: string[] }>,
): Promise<{ missing: string[]; checkouts: number; keys: number }> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    const { rows } = await client.query<{ key: string; orders: string[] }>(
      `select c.idempotency_key as key, array_agg(o.id::text order by o.id::text) as orders
         from checkout c join customer_order o on o.checkout_id = c.id group by c.idempotency_key`,
    );
    const stored = new Map(rows.map((r) => [r.key, r.orders.join()]));
    const missing = [...answered]
      .filter(([key, a]) => stored.get(key) !== [...a.orders].sort().join())
      .map(([key]) => key);
    const {
      rows: [count],
    } = await client.query<{ n: number; keys: number }>(
      `select count(*)::int as n, count(distinct idempotency_key)::int as keys from checkout`,
    );
    return { missing, checkouts: count!.n, keys: count!.keys };
  } finally {
    await client.end().catch(() => undefined);
  }
}
