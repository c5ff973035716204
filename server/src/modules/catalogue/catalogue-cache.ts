import type { ApolloServerPlugin, GraphQLRequestContext } from '@apollo/server';
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
import { Audience } from '../../graphql/auth/permissions.js';
import type { Context } from '../../graphql/context.js';

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

function key(rc: GraphQLRequestContext<Context>): string {
  const variables = rc.request.variables ?? {};
  const sorted = Object.keys(variables)
    .sort()
    .map((k) => [k, variables[k]]);
  return `${rc.operationName ?? ''}\u0000${rc.source ?? ''}\u0000${JSON.stringify(sorted)}`;
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

export function catalogueCachePlugin(deps: {
  orm: MikroORM;
  /** Memory for cached answers, in characters of their JSON (default 32 MB worth). */
  maxChars?: number;
}): ApolloServerPlugin<Context> {
  const stats = catalogueCacheProcess.stats;
  const cache = new LRUCache<string, { version: string; data: Data }>({
    maxSize: deps.maxChars ?? 32_000_000,
    sizeCalculation: (entry, k) => JSON.stringify(entry.data).length + k.length,
  });
  let cachedVersion: string | null = null;
  const version = new CatalogueVersion(async () => {
    const rows = await deps.orm.em
      .getConnection()
      .execute<{ version: string }[]>('select version::text as version from catalogue_version');
    return rows[0]?.version ?? '0';
  }, stats);
  const eligible = new WeakMap<DocumentNode, boolean>();

  return {
    async requestDidStart() {
      let entryKey: string | null = null;
      let readVersion: string | null = null;
      let hit = false;
      return {
        async responseForOperation(rc) {
          const ctx = rc.contextValue;
          if (!catalogueCacheProcess.enabled || ctx.viewer.kind !== Audience.ANONYMOUS || ctx.apiClient) return null;
          let ok = eligible.get(rc.document);
          if (ok === undefined) {
            ok = onlyCatalogue(rc.schema, rc.document);
            eligible.set(rc.document, ok);
          }
          if (!ok) return null;
          entryKey = key(rc);
          readVersion = await version.current();
          if (readVersion !== cachedVersion) {
            // Something changed since the entries were computed (or this is the first read): start afresh.
            cache.clear();
            cachedVersion = readVersion;
          }
          const entry = cache.get(entryKey);
          if (!entry || entry.version !== readVersion) {
            versions.set(ctx, readVersion);
            return null;
          }
          hit = true;
          return {
            http: { status: undefined, headers: new HeaderMap() },
            body: { kind: 'single', singleResult: { data: entry.data } },
          };
        },
        async willSendResponse(rc) {
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
          if (body.kind !== 'single' || body.singleResult.errors?.length || !body.singleResult.data) return;
          // Computed after `readVersion` was read, so at least that fresh; a newer version has dropped the cache.
          if (readVersion === cachedVersion)
            cache.set(entryKey, { version: readVersion, data: body.singleResult.data as Data });
        },
      };
    },
  };
}
