/**
 * Validation of route parameters, by parameter name. A URL whose parameters are malformed
 * (for example a product id that is not a UUID) shows the not-found screen instead of asking
 * the server about an id that cannot exist.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** A municipality's client number: letters, digits, ".", "_" and "-"; never a BSN on its own. */
function isExternalIdentifier(value: string): boolean {
  return /^[\p{L}\p{N}._-]{1,64}$/u.test(value);
}

/** Slugs are cosmetic: a wrong slug redirects to the canonical one, so accept any short text. */
function isSlug(value: string): boolean {
  return value.length > 0 && value.length <= 200;
}

/** One-time tokens (password reset, console magic link): URL-safe text. */
function isToken(value: string): boolean {
  return /^[A-Za-z0-9._~-]{8,1024}$/.test(value);
}

export const paramRules: Record<string, (value: string) => boolean> = {
  productId: isUuid,
  providerId: isUuid,
  messageId: isUuid,
  postId: isUuid,
  orderId: isUuid,
  municipalityId: isUuid,
  clientId: isUuid,
  articleId: isUuid,
  accountId: isUuid,
  categoryId: isUuid,
  templateId: isUuid,
  linkId: isUuid,
  arrangementId: isUuid,
  batchId: isUuid,
  applicationId: isUuid,
  externalIdentifier: isExternalIdentifier,
  slug: isSlug,
  token: isToken,
};

/** True when every parameter with a rule passes it. Parameters without a rule are accepted. */
export function paramsAreValid(params: Readonly<Record<string, string | undefined>>): boolean {
  for (const [name, value] of Object.entries(params)) {
    const rule = paramRules[name];
    if (!rule) continue;
    if (value === undefined || !rule(value)) return false;
  }
  return true;
}
