import { nl } from './rule.js';

/** Product images as a provider uploads them (the server checks the real content; a form checks what it can first). */
export const IMAGE_LIMITS = {
  maxBytes: 5 * 1024 * 1024,
  maxPerProduct: 6,
  altMax: 200,
} as const;

/** The image types accepted (the server decides by the file's first bytes, not by its name or the browser's claim). */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

/** The "too large" message for an upload limit set by an administrator (instellingen/geavanceerd), in whole MB. */
export function imageTooLargeMessage(maxMegabytes: number): string {
  return `Deze afbeelding is te groot. Een afbeelding mag hoogstens ${nl(maxMegabytes)} MB zijn.`;
}

export const IMAGE_MESSAGES = {
  notAnImage: 'Dit bestand is geen afbeelding. Kies een JPEG-, PNG- of WebP-afbeelding.',
  tooLarge: `Deze afbeelding is te groot. Een afbeelding mag hoogstens ${nl(IMAGE_LIMITS.maxBytes / 1024 / 1024)} MB zijn.`,
  unreadable:
    'Deze afbeelding kan niet worden gelezen. Misschien is het bestand beschadigd; probeer een andere afbeelding.',
  missing: 'Kies een afbeelding om te uploaden.',
  tooMany: `Een product kan hoogstens ${IMAGE_LIMITS.maxPerProduct} afbeeldingen hebben. Verwijder eerst een afbeelding.`,
} as const;

/** The pipeline's ceiling in whole MB: the upload limit setting (instellingen/geavanceerd) is at most this. */
export const IMAGE_MAX_MEGABYTES = IMAGE_LIMITS.maxBytes / 1024 / 1024;

/** The form hint for an image field: the types and the upload limit in force (the server's setting). */
export function imageHint(maxMegabytes: number): string {
  return `JPEG, PNG of WebP, hoogstens ${nl(maxMegabytes)} MB.`;
}

/**
 * What can be told of a chosen file before it is sent: none chosen, too large, or declared as another type.
 * `maxMegabytes` is the upload limit the server enforces (PublicSettings.uploadMaxMegabytes); without it, the
 * pipeline's ceiling.
 */
export function imageFileProblem(
  file: { size: number; type: string } | null | undefined,
  maxMegabytes: number = IMAGE_MAX_MEGABYTES,
): string | null {
  if (!file || file.size === 0) return IMAGE_MESSAGES.missing;
  if (file.size > maxMegabytes * 1024 * 1024) return imageTooLargeMessage(maxMegabytes);
  if (file.type && !(IMAGE_TYPES as readonly string[]).includes(file.type)) return IMAGE_MESSAGES.notAnImage;
  return null;
}
