import { LockMode } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { UserError } from '../../kernel/errors.js';
import { isUuid } from '../../graphql/ids.js';
import type { FileStorage } from '../../integrations/storage/file-storage.js';
import { fail, ok, problem, type Result } from '../../kernel/result.js';
import { withEm, type RequestContext } from '../../kernel/request-context.js';
import { checkLocation, LOCATION_LIMITS, type LocationRaw } from '../../rules/location.js';
import type { AuditService } from '../audit/index.js';
import { encodeImage } from '../../platform/images.js';
import { Provider } from './provider.entity.js';
import { ProviderLocation } from './provider-location.entity.js';
import { ownProviderId } from './provider.service.js';

/** The logo's size: fits in a 400 × 400 square, never enlarged, never cropped. */
export const LOGO_SIZE = 400;

export interface LogoUploadResult {
  provider: Provider | null;
  errors: UserError[];
  /** HTTP status for the REST endpoint. */
  status: number;
}

const LOCATION_NOT_FOUND = 'Deze vestiging bestaat niet (meer) bij uw organisatie.';

/**
 * How a provider presents itself publicly, beyond its name and description: a logo (through the same upload pipeline
 * as product images) and its locations with opening hours. Only the provider's own users change them (the provider id
 * comes from the session, never from input); the public sees them on the provider page.
 */
export class ProviderPresenceService {
  constructor(
    private readonly storage: FileStorage,
    private readonly audit: AuditService,
  ) {}

  /** Replaces the own organisation's logo; the old file goes once the new one is recorded. */
  async uploadLogo(ctx: RequestContext, data: Buffer | null, truncated = false): Promise<LogoUploadResult> {
    const providerId = ownProviderId(ctx);
    const encoded = await encodeImage(data, truncated, [{ width: LOGO_SIZE, height: LOGO_SIZE, quality: 85 }]);
    if (!encoded.ok)
      return { provider: null, errors: [UserError.of('file', encoded.code, encoded.message)], status: encoded.status };
    const logo = encoded.variants[0]!;
    const key = `logos/${randomUUID()}.webp`;
    await this.storage.put(key, logo.data);
    let previous: string | null | undefined = null;
    try {
      const provider = await ctx.em.transactional(async (tx) => {
        const p = await tx.findOneOrFail(Provider, providerId, { lockMode: LockMode.PESSIMISTIC_WRITE });
        previous = p.logoKey;
        p.logoKey = key;
        p.logoWidth = logo.info.width;
        p.logoHeight = logo.info.height;
        await this.audit.record(withEm(ctx, tx), {
          action: 'provider.logo_changed',
          subjectType: 'provider',
          subjectId: providerId,
        });
        return p;
      });
      if (previous) await this.storage.delete(previous).catch(() => undefined);
      return { provider, errors: [], status: 201 };
    } catch (error) {
      await this.storage.delete(key).catch(() => undefined);
      throw error;
    }
  }

  async removeLogo(ctx: RequestContext): Promise<Result<Provider>> {
    const providerId = ownProviderId(ctx);
    let previous: string | null | undefined = null;
    const provider = await ctx.em.transactional(async (tx) => {
      const p = await tx.findOneOrFail(Provider, providerId, { lockMode: LockMode.PESSIMISTIC_WRITE });
      previous = p.logoKey;
      p.logoKey = null;
      p.logoWidth = null;
      p.logoHeight = null;
      if (previous)
        await this.audit.record(withEm(ctx, tx), {
          action: 'provider.logo_removed',
          subjectType: 'provider',
          subjectId: providerId,
        });
      return p;
    });
    if (previous) await this.storage.delete(previous).catch(() => undefined);
    return ok(provider);
  }

  /** The locations of a provider, in the order they were added. */
  locationsOf(ctx: RequestContext, providerId: string): Promise<ProviderLocation[]> {
    return ctx.em.find(
      ProviderLocation,
      { provider: providerId },
      { orderBy: [{ sortOrder: 'asc' }, { createdAt: 'asc' }, { id: 'asc' }] },
    );
  }

  /**
   * Adds a location to the own organisation (`id` null) or changes one of its own. Checked with the shared rules
   * (src/rules/location.ts); at most LOCATION_LIMITS.maxPerProvider, counted under a lock on the organisation so two
   * additions at once cannot pass the limit together.
   */
  async saveLocation(ctx: RequestContext, id: string | null, input: LocationRaw): Promise<Result<ProviderLocation>> {
    const providerId = ownProviderId(ctx);
    const checked = checkLocation(input);
    if (checked.problems.length)
      return fail(...(checked.problems.map((p) => UserError.of(p.field, p.code, p.message)) as [UserError]));
    const values = checked.values;
    if (id !== null && !isUuid(id)) return problem('id', 'NOT_FOUND', LOCATION_NOT_FOUND);
    return ctx.em.transactional(async (tx): Promise<Result<ProviderLocation>> => {
      const provider = await tx.findOneOrFail(Provider, providerId, { lockMode: LockMode.PESSIMISTIC_WRITE });
      let location: ProviderLocation;
      if (id) {
        const found = await tx.findOne(ProviderLocation, { id, provider: providerId });
        if (!found) return problem('id', 'NOT_FOUND', LOCATION_NOT_FOUND);
        location = Object.assign(found, values);
      } else {
        const count = await tx.count(ProviderLocation, { provider: providerId });
        if (count >= LOCATION_LIMITS.maxPerProvider)
          return problem(
            null,
            'TOO_MANY',
            `U kunt hoogstens ${LOCATION_LIMITS.maxPerProvider} vestigingen opgeven. Verwijder eerst een vestiging.`,
          );
        location = tx.create(ProviderLocation, { provider, ...values, sortOrder: count });
      }
      await tx.flush();
      await this.audit.record(withEm(ctx, tx), {
        action: id ? 'provider.location_updated' : 'provider.location_added',
        subjectType: 'provider_location',
        subjectId: location.id,
        details: { providerId },
      });
      return ok(location);
    });
  }

  /** Removes one of the own organisation's locations; answers its id. */
  async deleteLocation(ctx: RequestContext, id: string): Promise<Result<string>> {
    const providerId = ownProviderId(ctx);
    if (!isUuid(id)) return problem('id', 'NOT_FOUND', LOCATION_NOT_FOUND);
    return ctx.em.transactional(async (tx): Promise<Result<string>> => {
      const location = await tx.findOne(ProviderLocation, { id, provider: providerId });
      if (!location) return problem('id', 'NOT_FOUND', LOCATION_NOT_FOUND);
      tx.remove(location);
      await this.audit.record(withEm(ctx, tx), {
        action: 'provider.location_removed',
        subjectType: 'provider_location',
        subjectId: id,
        details: { providerId },
      });
      return ok(id);
    });
  }
}
