import { randomBytes, randomUUID } from 'node:crypto';
import type { Request } from 'express';
import type { Config } from '../config/config.js';
import { Audience, type Permission } from '../kernel/permissions.js';
import type { Viewer } from '../kernel/viewer.js';
import type { TestViewers } from '../http/app.js';

const PREFIX = 'test-api-client.';

/**
 * API clients for tests, until API keys exist: `issue()` makes an API-client viewer with the given permissions and
 * scope and a bearer token for it; the test server resolves that token to the viewer (AppDeps.testViewers).
 *
 * Never in production, three times over: this file is outside the build (tsconfig.build.json excludes src/test),
 * it refuses a configuration other than NODE_ENV=test, and createApp refuses test viewers unless NODE_ENV=test.
 */
export class TestApiClients implements TestViewers {
  private readonly viewers = new Map<string, Viewer>();

  constructor(config: Pick<Config, 'env'>) {
    if (config.env !== 'test' || process.env.NODE_ENV !== 'test') {
      throw new Error('Test-API-koppelingen bestaan alleen in tests (NODE_ENV=test).');
    }
  }

  issue(options: { permissions: readonly Permission[]; municipalityIds?: readonly string[] | null }): {
    token: string;
    apiClientId: string;
  } {
    const apiClientId = randomUUID();
    const token = PREFIX + randomBytes(24).toString('base64url');
    this.viewers.set(token, {
      kind: Audience.API_CLIENT,
      apiClientId,
      permissions: new Set(options.permissions),
      municipalityIds: options.municipalityIds ?? null,
    });
    return { token, apiClientId };
  }

  viewerFor(req: Request): Viewer | null {
    const header = req.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
    if (!token.startsWith(PREFIX)) return null;
    return this.viewers.get(token) ?? null;
  }
}
