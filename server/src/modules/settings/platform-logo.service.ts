import { randomUUID } from 'node:crypto';
import type { FileStorage } from '../../integrations/storage/file-storage.js';
import type { RequestContext } from '../../kernel/request-context.js';
import { UserError } from '../../kernel/errors.js';
import { problem, type Result } from '../../kernel/result.js';
import { encodeImage } from '../../platform/images.js';
import { imageTooLargeMessage } from '../../rules/image.js';
import { PLATFORM_LOGO_SIZE } from './sections/general.js';
import type { SettingsService, SettingsSnapshot } from './settings.service.js';

export interface PlatformLogo {
  url: string;
  width: number;
  height: number;
}

export interface PlatformLogoUpload {
  logo: PlatformLogo | null;
  errors: UserError[];
  /** HTTP status for the upload route. */
  status: number;
}

/** The public address of a stored logo (served by integrations/storage/uploads.route.ts). */
export const logoUrlOf = (key: string) => `/uploads/${key}`;

/**
 * The platform's logo (instellingen/algemeen), shown in the public header. An upload goes through the image pipeline
 * (encodeImage: a real JPEG, PNG or WebP by its first bytes, at most the upload limit of instellingen/geavanceerd,
 * re-encoded as WebP without metadata, scaled down to fit PLATFORM_LOGO_SIZE), is stored under a new key through
 * FileStorage, and becomes the `logo` of the general settings through SettingsService.update — so the same scope
 * rule (only a Beheerder of all municipalities), audit row and change notice to every instance apply as for the
 * colour. The previous file is deleted once the new setting is saved.
 */
export class PlatformLogoService {
  constructor(
    private readonly storage: FileStorage,
    private readonly settings: SettingsService,
  ) {}

  async upload(ctx: RequestContext, data: Buffer | null, truncated: boolean): Promise<PlatformLogoUpload> {
    const { uploadMaxMegabytes } = await this.settings.get('advanced');
    if (truncated || (data && data.length > uploadMaxMegabytes * 1024 * 1024))
      return {
        logo: null,
        errors: [UserError.of('file', 'TOO_LARGE', imageTooLargeMessage(uploadMaxMegabytes))],
        status: 413,
      };
    const encoded = await encodeImage(data, false, [{ ...PLATFORM_LOGO_SIZE, quality: 90 }]);
    if (!encoded.ok)
      return { logo: null, errors: [UserError.of('file', encoded.code, encoded.message)], status: encoded.status };
    const variant = encoded.variants[0]!;
    const key = `branding/${randomUUID()}.webp`;
    await this.storage.put(key, variant.data);
    const previous = (await this.settings.get('general')).logo?.key ?? null;
    try {
      const saved = await this.settings.update(ctx, 'general', {
        logo: { key, width: variant.info.width, height: variant.info.height },
      });
      if (!saved.ok) {
        await this.storage.delete(key).catch(() => undefined);
        return { logo: null, errors: saved.errors, status: 403 };
      }
      if (previous && previous !== key) await this.storage.delete(previous).catch(() => undefined);
      return {
        logo: { url: logoUrlOf(key), width: variant.info.width, height: variant.info.height },
        errors: [],
        status: 201,
      };
    } catch (error) {
      await this.storage.delete(key).catch(() => undefined);
      throw error;
    }
  }

  /** Back to the platform name as a text mark; the file is deleted. */
  async remove(ctx: RequestContext): Promise<Result<SettingsSnapshot<'general'>>> {
    const previous = (await this.settings.get('general')).logo?.key ?? null;
    if (!previous) return problem('logo', 'NO_LOGO', 'Er is geen logo ingesteld.');
    const saved = await this.settings.update(ctx, 'general', { logo: null });
    if (saved.ok) await this.storage.delete(previous).catch(() => undefined);
    return saved;
  }
}
