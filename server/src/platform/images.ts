import type { OutputInfo } from 'sharp';
import { IMAGE_LIMITS, IMAGE_MESSAGES, type ImageType } from '../rules/image.js';

/** The shared limits (src/rules/image.ts) and the sizes the server makes. */
export const IMAGE_RULES = {
  ...IMAGE_LIMITS,
  largeWidth: 1200,
  thumbWidth: 400,
  thumbHeight: 300,
} as const;

export { IMAGE_MESSAGES };

/** The real type of a file, from its first bytes (its name and the browser's claim are not trusted). */
export function sniffImageType(data: Buffer): ImageType | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (
    data.length >= 12 &&
    data.subarray(0, 4).toString('latin1') === 'RIFF' &&
    data.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'image/webp';
  }
  return null;
}

export interface ImageVariant {
  width: number;
  height?: number;
  /** `inside` (default): never cropped, never enlarged; `cover`: cropped to exactly width × height. */
  fit?: 'inside' | 'cover';
  quality: number;
}

export interface EncodedVariant {
  data: Buffer;
  info: OutputInfo;
}

export type EncodedImage =
  | { ok: true; type: ImageType; variants: EncodedVariant[] }
  | { ok: false; status: number; code: string; message: string };

/**
 * The upload pipeline every uploaded image goes through (product images, provider logos): at most 5 MB, a real JPEG,
 * PNG or WebP by its first bytes, decoded and re-encoded as WebP with sharp in each requested size (which also drops
 * metadata such as a phone photo's GPS position). Nothing is stored here.
 */
export async function encodeImage(
  data: Buffer | null,
  truncated: boolean,
  variants: readonly ImageVariant[],
): Promise<EncodedImage> {
  const fail = (status: number, code: string, message: string): EncodedImage => ({ ok: false, status, code, message });
  if (truncated || (data && data.length > IMAGE_RULES.maxBytes)) return fail(413, 'TOO_LARGE', IMAGE_MESSAGES.tooLarge);
  if (!data || data.length === 0) return fail(400, 'REQUIRED', IMAGE_MESSAGES.missing);
  const type = sniffImageType(data);
  if (!type) return fail(415, 'NOT_AN_IMAGE', IMAGE_MESSAGES.notAnImage);
  try {
    // Loaded on first use: libvips is only needed when an image is uploaded.
    const { default: sharp } = await import('sharp');
    const out: EncodedVariant[] = [];
    for (const v of variants) {
      out.push(
        await sharp(data, { limitInputPixels: 50_000_000, failOn: 'error' })
          .rotate()
          .resize(
            v.fit === 'cover'
              ? { width: v.width, height: v.height, fit: 'cover' }
              : { width: v.width, height: v.height, fit: 'inside', withoutEnlargement: true },
          )
          .webp({ quality: v.quality })
          .toBuffer({ resolveWithObject: true }),
      );
    }
    return { ok: true, type, variants: out };
  } catch {
    return fail(400, 'UNREADABLE', IMAGE_MESSAGES.unreadable);
  }
}
