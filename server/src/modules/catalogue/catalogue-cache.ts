import type { ApolloServerPlugin } from '@apollo/server';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { HeaderMap } from '@apollo/server';
import type { MikroORM } from '@mikro-orm/postgresql';
import {
  getNamedType,
  isLeafType,
  Kind,
  TypeInfo,
  visit,
  visitWithTypeInfo,
  type DocumentNode,
  type GraphQLSchema,
} from 'graphql';
import { LRUCache } from 'lru-cache';
import { Audience } from '../../kernel/permissions.js';
import type { Context } from '../../graphql/context.js';
import { ANONYMOUS } from '../../kernel/viewer.js';
import { guardGraphQL } from '../../http/maintenance.js';
import type { SettingsService } from '../settings/index.js';
import { catalogueVersion } from './catalogue-cache.queries.js';

/**
 * The response cache of the public offer, for anonymous visitors (the shop window is the same for all of them).
 *
 * What is cached: the whole `data` of an anonymous GraphQL request whose every root field is `products`,
 * `categories` or `offerProviders` and whose every selected field returns a scalar, an enum or one of the catalogue's
 * own types (products, providers, categories, images, pages) — so the answer depends on nothing but the catalogue
 * tables. Keyed per instance (memory, LRU) on the query text, the operation name and the variables. A logged-in
 * resident's, provider's or staff member's request, an API client's call, and any answer with an error are never
 * cached nor served from the cache (a resident's offer and `payableWith` depend on who asks).
 *
 * Never stale, across instances: every committed change of a catalogue table (product, its decisions and images,
 * provider, membership, category, municipality) bumps the single row of `catalogue_version` in its own transaction
 * (a deferred trigger, migration 20261127020000). Before serving from the cache, the request reads that version with
 * a read that STARTS after the request arrived, so every change committed before the request is seen; concurrent
 * requests share one such read (one tiny statement per round of requests, not one per request). An entry is served
 * only under the version it was computed after; a new version drops the cache.
 *
 * Two ways in: the Apollo plugin (fills the cache; serves any anonymous caller, after the context and validation),
 * and a fast path in front of Apollo for a request without cookies or Authorization header whose identical twin is
 * cached: the stored JSON is sent as it is (the allow-list and maintenance checks still apply). Where the time went
 * without it: bench/catalogue.ts prints the breakdown.
 */
export const CACHEABLE_ROOT_FIELDS = new Set(['products', 'categories', 'offerProviders']);
const CATALOGUE_TYPES = new Set([
  'Query',
  'ProductConnection',
  'ProductEdge',
  'PageInfo',
  'Product',
  'Provider',
  'Category',
  'ProductImage',
]);
/** Fields of those types that depend on who asks (anonymous: null or an error, but never cached for anyone). */
const VIEWER_FIELDS = new Set(['Product.payableWith', 'Product.approvals', 'Category.allProductCount']);

/** Counters for the benchmark and the logs. */
export interface CatalogueCacheStats {
  hits: number;
  misses: number;
  /** Requests that could not use the cache (logged in, another query, an error). */
  bypassed: number;
  versionReads: number;
}

/** Whether a query only reads the anonymous catalogue (see above); the answer is kept per parsed document. */
function onlyCatalogue(schema: GraphQLSchema, document: DocumentNode): boolean {
  const typeInfo = new TypeInfo(schema);
  let ok = true;
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      OperationDefinition(node) {
        if (node.operation !== 'query') ok = false;
        for (const s of node.selectionSet.selections)
          if (s.kind !== Kind.FIELD || (!CACHEABLE_ROOT_FIELDS.has(s.name.value) && s.name.value !== '__typename'))
            ok = false;
      },
      Directive() {
        // @include/@skip with variables are fine (variables are in the key); anything else: no.
      },
      Field(node) {
        const parent = typeInfo.getParentType();
        const type = typeInfo.getType();
        if (!parent || !type) return void (ok = false);
        if (!CATALOGUE_TYPES.has(parent.name)) ok = false;
        if (VIEWER_FIELDS.has(`${parent.name}.${node.name.value}`)) ok = false;
        const named = getNamedType(type);
        if (!isLeafType(named) && !CATALOGUE_TYPES.has(named.name)) ok = false;
      },
    }),
  );
  return ok;
}

/** The current catalogue version, from a read that starts after the call; concurrent callers share one read. */
export class CatalogueVersion {
  private running: Promise<string> | null = null;
  private queued: Promise<string> | null = null;

  constructor(
    private readonly read: () => Promise<string>,
    private readonly stats?: CatalogueCacheStats,
  ) {}

  current(): Promise<string> {
    if (!this.running) return this.start();
    // A read already under way may have started before this request: wait for the next one.
    this.queued ??= this.running
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        this.queued = null;
        return this.start();
      });
    return this.queued;
  }

  private start(): Promise<string> {
    if (this.stats) this.stats.versionReads++;
    const p: Promise<string> = this.read().finally(() => {
      if (this.running === p) this.running = null;
    });
    this.running = p;
    return p;
  }
}

type Data = Record<string, unknown>;

/**
 * The catalogue version this request read before it ran (set only for a request the cache could serve): what a
 * service computes for it is at least that fresh, so a service may keep such figures under that version (the
 * offer's counts, CatalogueService).
 */
const versions = new WeakMap<object, string>();
export function catalogueVersionOf(ctx: object): string | undefined {
  return versions.get(ctx);
}

/**
 * This process's counters (summed over its instances) and a switch, for the benchmark: `bench:catalogue` turns the
 * cache off to measure where the time of an uncached request goes.
 */
export const catalogueCacheProcess: { enabled: boolean; stats: CatalogueCacheStats } = {
  enabled: true,
  stats: { hits: 0, misses: 0, bypassed: 0, versionReads: 0 },
};

/** The cache key of a request: the query text, the operation name as sent, and the variables (keys sorted). */
function keyOf(
  query: string,
  operationName: string | null | undefined,
  variables: Record<string, unknown> | undefined,
) {
  const v = variables ?? {};
  const sorted = Object.keys(v)
    .sort()
    .map((k) => [k, v[k]]);
  return `${operationName ?? ''}\u0000${query}\u0000${JSON.stringify(sorted)}`;
}

interface Entry {
  version: string;
  data: Data;
  /** The whole answer as sent, for the fast path. */
  json: string;
}

/** One instance's cache: the Apollo plugin that fills and serves it, and the fast path in front of Apollo. */
export class CatalogueCache {
  private readonly cache: LRUCache<string, Entry>;
  private cachedVersion: string | null = null;
  private readonly version: CatalogueVersion;
  private readonly eligible = new WeakMap<DocumentNode, boolean>();
  /** Misses being computed now, per key: an identical request arriving meanwhile waits for that answer. */
  private readonly inflight = new Map<string, { version: string; done: Promise<Data | null> }>();
  private readonly stats = catalogueCacheProcess.stats;

  constructor(
    private readonly deps: {
      orm: MikroORM;
      /** The IP allow-list and maintenance mode, as the Apollo context applies them (http/maintenance.ts). */
      settings: Pick<SettingsService, 'get'>;
      now: () => Date;
      logger: Logger;
      /** Memory for cached answers, in characters of their JSON (default 32 MB worth). */
      maxChars?: number;
    },
  ) {
    this.cache = new LRUCache<string, Entry>({
      maxSize: deps.maxChars ?? 32_000_000,
      sizeCalculation: (entry, k) => entry.json.length + k.length,
    });
    this.version = new CatalogueVersion(async () => {
      return (await catalogueVersion(deps.orm.em)) ?? '0';
    }, this.stats);
  }

  /** The current version (read after the call); a new one empties the cache. */
  private async currentVersion(): Promise<string> {
    const version = await this.version.current();
    if (version !== this.cachedVersion) {
      this.cache.clear();
      this.cachedVersion = version;
    }
    return version;
  }

  /**
   * In front of Apollo (after the JSON body parser): a request without any cookie or Authorization header is an
   * anonymous visitor's; when an identical request (same query text, operation name and variables) was answered
   * under the current catalogue version, send that answer as it was serialised, without building a GraphQL context
   * or executing anything. The IP allow-list and maintenance mode apply as in the Apollo context; anything else (a
   * miss, a refusal, a logged-in caller) goes on to Apollo unchanged.
   */
  fastPath(): RequestHandler {
    return (req, res, next) => {
      const body = req.body as { query?: unknown; operationName?: unknown; variables?: unknown } | undefined;
      if (
        !catalogueCacheProcess.enabled ||
        req.method !== 'POST' ||
        req.headers.cookie ||
        req.headers.authorization ||
        !body ||
        typeof body.query !== 'string' ||
        (body.operationName != null && typeof body.operationName !== 'string') ||
        (body.variables != null && (typeof body.variables !== 'object' || Array.isArray(body.variables)))
      )
        return next();
      const k = keyOf(body.query, body.operationName as string | undefined, body.variables as Record<string, unknown>);
      if (!this.cache.has(k)) return next();
      void (async () => {
        try {
          await guardGraphQL({
            req,
            viewer: ANONYMOUS,
            settings: this.deps.settings,
            now: this.deps.now(),
            log: this.deps.logger,
          });
        } catch {
          return next(); // Apollo gives the refusal its proper answer.
        }
        const version = await this.currentVersion();
        const entry = this.cache.get(k);
        if (!entry || entry.version !== version) return next();
        this.stats.hits++;
        res
          .status(200)
          .set({
            // As Apollo answers: the newer media type when the client prefers it.
            'content-type': `${req.accepts(['application/json', 'application/graphql-response+json']) || 'application/json'}; charset=utf-8`,
            'x-catalogue-cache': 'hit',
          })
          .end(entry.json);
      })().catch(next);
    };
  }

  plugin(): ApolloServerPlugin<Context> {
    const cache = this.cache;
    const stats = this.stats;
    const eligible = this.eligible;
    return {
      requestDidStart: async () => {
        let entryKey: string | null = null;
        let readVersion: string | null = null;
        let hit = false;
        let leading: { done: Promise<Data | null>; resolve: (data: Data | null) => void } | null = null;
        const finish = (data: Data | null) => {
          if (!leading) return;
          leading.resolve(data);
          if (entryKey && this.inflight.get(entryKey)?.done === leading.done) this.inflight.delete(entryKey);
          leading = null;
        };
        return {
          responseForOperation: async (rc) => {
            const ctx = rc.contextValue;
            if (!catalogueCacheProcess.enabled || ctx.viewer.kind !== Audience.ANONYMOUS || ctx.apiClient) return null;
            let ok = eligible.get(rc.document);
            if (ok === undefined) {
              ok = onlyCatalogue(rc.schema, rc.document);
              eligible.set(rc.document, ok);
            }
            if (!ok || rc.source === undefined) return null;
            entryKey = keyOf(rc.source, rc.request.operationName, rc.request.variables);
            readVersion = await this.currentVersion();
            const entry = cache.get(entryKey);
            let data: Data | null = entry && entry.version === readVersion ? entry.data : null;
            if (!data) {
              // The same request is being answered under the same version: share its answer (no errors) when it comes.
              const running = this.inflight.get(entryKey);
              if (running && running.version === readVersion) data = await running.done;
              else {
                let resolve!: (data: Data | null) => void;
                const done = new Promise<Data | null>((r) => (resolve = r));
                this.inflight.set(entryKey, { version: readVersion, done });
                leading = { done, resolve };
              }
            }
            if (!data) {
              versions.set(ctx, readVersion);
              return null;
            }
            hit = true;
            return {
              http: { status: undefined, headers: new HeaderMap() },
              body: { kind: 'single', singleResult: { data } },
            };
          },
          didEncounterErrors: async () => {
            if (leading) finish(null);
          },
          willSendResponse: async (rc) => {
            if (!entryKey || !readVersion) {
              stats.bypassed++;
              return;
            }
            rc.response.http.headers.set('x-catalogue-cache', hit ? 'hit' : 'miss');
            if (hit) {
              stats.hits++;
              return;
            }
            stats.misses++;
            const body = rc.response.body;
            if (body.kind !== 'single' || body.singleResult.errors?.length || !body.singleResult.data)
              return finish(null);
            finish(body.singleResult.data as Data);
            // Computed after `readVersion` was read, so at least that fresh; a newer version has emptied the cache.
            if (readVersion === this.cachedVersion) {
              const data = body.singleResult.data as Data;
              cache.set(entryKey, { version: readVersion, data, json: JSON.stringify({ data }) });
            }
          },
        };
      },
    };
  }
}
