import { loadConfig } from '../config/config.js';
import { createLogger } from '../logging/logger.js';
import { boot, type RunningServer } from '../boot.js';
import { createTestDatabase, type TestDatabase } from './database.js';
import { TestApiClients } from './api-clients.js';
import type { Permission } from '../graphql/auth/permissions.js';

export interface TestServer extends RunningServer {
  database: TestDatabase;
  /** Every SQL statement the server ran, in order; clear it between measurements. */
  queries: string[];
  client: () => TestClient;
  /**
   * A client calling as an API client with these permissions and scope (null: every municipality), until API keys
   * exist: a test bearer token only this test server knows (src/test/api-clients.ts).
   */
  apiClient: (options: { permissions: readonly Permission[]; municipalityIds?: readonly string[] | null }) => TestClient & { apiClientId: string };
  close: () => Promise<void>;
}

/** The real application on a free port, against its own fresh database (migrated; demo data when `seed`). */
export async function startTestServer(
  options: { seed?: boolean; env?: Record<string, string>; clientDist?: string } = {},
): Promise<TestServer> {
  const database = await createTestDatabase();
  await database.orm.close(true);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    SEED_DEMO_DATA: options.seed ? 'true' : 'false',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    HOST: '127.0.0.1',
    ...options.env,
  });
  const queries: string[] = [];
  const apiClients = new TestApiClients(config);
  const server = await boot({ config, logger: createLogger(config.logLevel), port: 0, onQuery: (q) => queries.push(q), testViewers: apiClients, clientDist: options.clientDist });
  return {
    ...server,
    database,
    queries,
    client: () => new TestClient(server.url),
    apiClient: (options) => {
      const { token, apiClientId } = apiClients.issue(options);
      return Object.assign(new TestClient(server.url, { authorization: `Bearer ${token}` }), { apiClientId });
    },
    close: async () => {
      await server.stop();
      await database.drop();
    },
  };
}

export interface GraphQLResponse<T = Record<string, unknown>> {
  status: number;
  data?: T | null;
  errors?: { message: string; extensions?: Record<string, unknown>; path?: (string | number)[] }[];
}

/** A GraphQL-over-HTTP client with its own cookie jar: one per simulated browser. */
export class TestClient {
  cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    /** Sent with every request (an API client's Authorization header). */
    readonly headers: Record<string, string> = {},
  ) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  remember(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (!value || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    for (const [name, value] of Object.entries(this.headers)) if (!headers.has(name)) headers.set(name, value);
    if (this.cookies.size) headers.set('cookie', this.cookieHeader());
    const res = await fetch(this.baseUrl + path, { ...init, headers, redirect: 'manual' });
    this.remember(res);
    return res;
  }

  async gql<T = Record<string, any>>(query: string, variables?: Record<string, unknown>): Promise<GraphQLResponse<T>> {
    const res = await this.fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await res.json()) as GraphQLResponse<T>;
    return { ...body, status: res.status };
  }

  async loginStaff(email: string, password: string) {
    const r = await this.gql(`mutation($e:String!,$p:String!){ loginStaff(email:$e,password:$p){ errors { code message } viewer { kind } } }`, { e: email, p: password });
    if (r.data?.loginStaff?.errors?.length) throw new Error(`staff login failed: ${JSON.stringify(r.data.loginStaff.errors)}`);
    return r;
  }

  async loginProvider(email: string, password: string) {
    const r = await this.gql(`mutation($e:String!,$p:String!){ loginProvider(email:$e,password:$p){ errors { code message } viewer { kind } } }`, { e: email, p: password });
    if (r.data?.loginProvider?.errors?.length) throw new Error(`provider login failed: ${JSON.stringify(r.data.loginProvider.errors)}`);
    return r;
  }

  /** The DigiD simulator flow, as a browser follows it: start → simulator → callback. */
  async loginWithDigid(bsn: string, returnTo = '/account/regelingen'): Promise<string> {
    const start = await this.fetch(`/auth/digid/start?returnTo=${encodeURIComponent(returnTo)}`);
    const simulatorUrl = new URL(start.headers.get('location')!, this.baseUrl);
    const relayState = simulatorUrl.searchParams.get('RelayState')!;
    const post = await this.fetch('/auth/digid/simulator', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ bsn, RelayState: relayState, action: 'login' }).toString(),
    });
    const callback = new URL(post.headers.get('location')!, this.baseUrl);
    const done = await this.fetch(callback.pathname + callback.search);
    return done.headers.get('location') ?? '';
  }
}
