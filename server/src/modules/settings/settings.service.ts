import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { Config } from '../../config/config.js';
import { UserError } from '../../kernel/errors.js';
import { transactional, type RequestContext } from '../../kernel/request-context.js';
import { failIfAny, ok, problem, type Result } from '../../kernel/result.js';
import { auditActorOf, type AuditService } from '../audit/index.js';
import {
  SETTINGS_SECTIONS,
  isSettingsSectionKey,
  type SettingsSectionKey,
  type SettingsValue,
} from './sections/index.js';
import type { SettingsSection } from './sections/section.js';
import { SETTINGS_CHANNEL, SettingsListener } from './settings-listener.js';
import * as q from './settings.queries.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

interface CacheEntry {
  value: unknown;
  version: number;
  updatedAt: Date | null;
  /** When the version was last confirmed (only consulted while the LISTEN connection is down). */
  checkedAt: number;
}

export interface SettingsSnapshot<K extends SettingsSectionKey = SettingsSectionKey> {
  section: K;
  title: string;
  /** 0 while nothing was ever changed (all defaults). */
  version: number;
  value: SettingsValue<K>;
  defaults: SettingsValue<K>;
  updatedAt: Date | null;
}

export interface SettingsOptions {
  /** While the LISTEN connection is down, a cached section is re-checked (its version) at most this often. */
  fallbackCheckMs?: number;
  reconnectDelayMs?: number;
}

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Defaults with the stored changes on top: objects merge key by key, anything else replaces. */
function merge(base: unknown, over: unknown): unknown {
  if (!isObject(base) || !isObject(over)) return over === undefined ? base : over;
  const out: JsonObject = { ...base };
  for (const [k, v] of Object.entries(over)) out[k] = merge(base[k], v) as Json;
  return out;
}

/** A patch onto the stored changes: objects merge, `null` removes the key (back to its default), the rest replaces. */
function applyPatch(stored: JsonObject, patch: JsonObject): JsonObject {
  const out: JsonObject = { ...stored };
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else if (isObject(v) && isObject(out[k])) out[k] = applyPatch(out[k], v);
    else out[k] = v;
  }
  return out;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** zod issues as Dutch payload errors, with the field as a dotted path ("municipalities.<id>.email"). */
function userErrors(error: z.ZodError): UserError[] {
  return error.issues.map((issue) => {
    const field = issue.path.map(String).join('.') || null;
    if (issue.code === 'unrecognized_keys') {
      return UserError.of(field, 'UNKNOWN_FIELD', `Onbekende instelling: ${issue.keys.join(', ')}.`);
    }
    return UserError.of(field, 'INVALID', issue.message);
  });
}

/**
 * The typed settings: one section per settings page (sections/), defaults in code, what staff changed in the
 * `setting` table. Reads come from a per-instance cache; a change is validated, audited (before and after), stored
 * with a new version and announced with NOTIFY in the same transaction, and every instance's LISTEN connection drops
 * the cached section. While that connection is down the cache checks the version row before serving an entry older
 * than `fallbackCheckMs`, so an instance never serves a stale setting for long.
 */
export class SettingsService {
  private readonly cache = new Map<string, CacheEntry>();
  /** Bumped on every invalidation: a load that started before one does not fill the cache with what it read. */
  private readonly generation = new Map<string, number>();
  private listener: SettingsListener | null = null;
  private orm: MikroORM | null = null;
  private log: Logger | null = null;
  private readonly fallbackCheckMs: number;

  constructor(
    private readonly config: Config,
    private readonly audit: AuditService,
    private readonly options: SettingsOptions = {},
  ) {
    this.fallbackCheckMs = options.fallbackCheckMs ?? 5000;
  }

  /** Connects the cache to the database and starts listening for changes (boot does this once per instance). */
  async start(orm: MikroORM, databaseUrl: string, log: Logger): Promise<void> {
    this.orm = orm;
    this.log = log.child({ component: 'settings' });
    this.listener = new SettingsListener(
      databaseUrl,
      { onChange: (section) => this.invalidate(section), onReconnect: () => this.invalidateAll() },
      log.child({ component: 'settings' }),
      this.options.reconnectDelayMs,
    );
    await this.listener.start();
  }

  async stop(): Promise<void> {
    await this.listener?.stop();
    this.listener = null;
  }

  /** For operators and tests: the listener's application_name in pg_stat_activity, and whether it is connected. */
  get listenerStatus(): { applicationName: string | null; healthy: boolean } {
    return { applicationName: this.listener?.applicationName ?? null, healthy: this.listener?.healthy ?? false };
  }

  invalidate(section: string): void {
    this.generation.set(section, (this.generation.get(section) ?? 0) + 1);
    this.cache.delete(section);
  }

  invalidateAll(): void {
    for (const key of new Set([...this.cache.keys(), ...this.generation.keys()])) this.invalidate(key);
  }

  /** The Dutch title of a section by its key (the audit log names the settings changed); null for an unknown key. */
  sectionTitle(key: string): string | null {
    return Object.hasOwn(SETTINGS_SECTIONS, key) ? this.section(key as SettingsSectionKey).title : null;
  }

  private section<K extends SettingsSectionKey>(key: K): SettingsSection {
    return SETTINGS_SECTIONS[key] as unknown as SettingsSection;
  }

  private defaultsOf(key: SettingsSectionKey): unknown {
    return this.section(key).schema.parse(this.section(key).defaults(this.config));
  }

  private em(): EntityManager {
    if (!this.orm) throw new Error('SettingsService.start() was not called');
    return this.orm.em.fork();
  }

  /** The effective value: defaults plus what was stored, validated (a stored value that no longer fits falls back to the defaults). */
  private effective(key: SettingsSectionKey, stored: unknown): unknown {
    const section = this.section(key);
    const parsed = section.schema.safeParse(merge(section.defaults(this.config), stored ?? {}));
    if (parsed.success) return parsed.data;
    // Which fields only, never their values (a section may hold a secret).
    const fields = parsed.error.issues.map((issue) => issue.path.map(String).join('.'));
    this.log?.warn({ section: key, fields }, 'stored settings no longer valid: the section’s defaults are used');
    return this.defaultsOf(key);
  }

  /** A section's value, from this instance's cache. */
  /**
   * The section's value (cached). Inside a transaction pass its `em`: a cache miss then reads on the transaction's own
   * connection instead of asking the pool for another one — many parallel transactions each waiting for a second
   * connection would otherwise exhaust the pool and wait on each other.
   */
  async get<K extends SettingsSectionKey>(key: K, em?: EntityManager): Promise<SettingsValue<K>> {
    return (await this.entry(key, em)).value as SettingsValue<K>;
  }

  private async entry(key: SettingsSectionKey, em: EntityManager = this.em()): Promise<CacheEntry> {
    const cached = this.cache.get(key);
    const now = Date.now();
    if (cached && (this.listener?.healthy || now - cached.checkedAt < this.fallbackCheckMs)) return cached;
    const generation = this.generation.get(key) ?? 0;
    if (cached) {
      // No notifications right now: a cheap version check before serving what we have.
      if (((await q.sectionVersion(em, key)) ?? 0) === cached.version) {
        cached.checkedAt = now;
        return cached;
      }
    }
    const row = await q.sectionRow(em, key);
    const entry: CacheEntry = {
      value: this.effective(key, row?.value),
      version: row?.version ?? 0,
      updatedAt: row?.updated_at ? new Date(row.updated_at) : null,
      checkedAt: now,
    };
    if ((this.generation.get(key) ?? 0) === generation) this.cache.set(key, entry);
    return entry;
  }

  /** A section for the settings screen: value, defaults, version (send it back to detect concurrent edits). */
  async snapshot<K extends SettingsSectionKey>(key: K): Promise<SettingsSnapshot<K>> {
    const entry = await this.entry(key);
    return {
      section: key,
      title: this.section(key).title,
      version: entry.version,
      value: entry.value as SettingsValue<K>,
      defaults: this.defaultsOf(key) as SettingsValue<K>,
      updatedAt: entry.updatedAt,
    };
  }

  /**
   * Changes a section: `patch` holds only what changes (nested objects merge; `null` puts a field back to its
   * default). Validated against the section's schema (Dutch payload errors), checked against the viewer's scope,
   * refused when `expectedVersion` is given and someone else saved in between. One transaction: the stored value,
   * its new version, the audit row (before and after) and the NOTIFY to every instance.
   */
  async update<K extends SettingsSectionKey>(
    ctx: RequestContext,
    key: K | string,
    patch: Record<string, unknown>,
    options: { expectedVersion?: number | null; clientIp?: string | null } = {},
  ): Promise<Result<SettingsSnapshot<K>>> {
    if (!isSettingsSectionKey(key)) return problem('section', 'NOT_FOUND', 'Deze instellingen bestaan niet.');
    if (!isObject(patch)) return problem(null, 'INVALID', 'De wijziging is ongeldig.');
    const section = this.section(key);
    const outcome = await transactional(ctx, async (txCtx): Promise<{ errors: UserError[] }> => {
      const tx = txCtx.em;
      const row = await q.lockSection<JsonObject>(tx, key);
      const version = row.version;
      if (options.expectedVersion != null && options.expectedVersion !== version) {
        return {
          errors: [
            UserError.of(
              null,
              'STALE',
              'Iemand anders heeft deze instellingen intussen gewijzigd. Laad de pagina opnieuw en probeer het nog eens.',
            ),
          ],
        };
      }
      const stored = applyPatch(row.value ?? {}, patch as JsonObject);
      const parsed = section.schema.safeParse(merge(section.defaults(this.config), stored));
      if (!parsed.success) return { errors: userErrors(parsed.error) };
      const before = this.effective(key, row.value);
      const after = parsed.data;
      const refused =
        section.authorize?.(ctx.viewer, before as never, after as never, { clientIp: options.clientIp ?? null }) ?? [];
      if (refused.length) return { errors: refused };
      if (same(before, after) && same(row.value ?? {}, stored)) return { errors: [] };

      const now = ctx.clock.now();
      const actor = auditActorOf(ctx.viewer);
      await q.storeSection(tx, key, stored, { at: now, kind: actor.kind, id: actor.id });
      const view = (v: unknown) => (section.auditView ? section.auditView(v as never) : v);
      await this.audit.record(txCtx, {
        action: 'settings.updated',
        subjectType: 'setting',
        subjectId: key,
        details: { section: key, version: version + 1, before: view(before), after: view(after) },
      });
      // Delivered to every instance (this one included) when, and only when, this transaction commits.
      await q.notify(tx, SETTINGS_CHANNEL, { section: key, version: version + 1 });
      ctx.log.info({ event: 'settings_updated', section: key, version: version + 1 }, 'settings updated');
      return { errors: [] };
    });
    const refused = failIfAny<SettingsSnapshot<K>>(outcome.errors);
    if (refused) return refused;
    // Not set from here: an enclosing transaction might still roll back. The next read loads what committed.
    this.invalidate(key);
    return ok((await this.snapshot(key)) as SettingsSnapshot<K>);
  }
}
