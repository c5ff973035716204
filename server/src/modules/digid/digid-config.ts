import type { Config } from '../../config/config.js';

/**
 * Our SAML entity id: DIGID_ENTITY_ID when the configuration has one (the SAML adapter adds it), otherwise the
 * metadata address, which is the usual choice.
 */
export function digidEntityId(config: Config): string {
  const configured = (config as Config & { digid?: { entityId?: string | null } }).digid?.entityId;
  return configured || digidMetadataUrl(config);
}

/** Where the SAML adapter serves our signed metadata (GET /auth/digid/metadata). */
export function digidMetadataUrl(config: Config): string {
  return `${config.appUrl.replace(/\/$/, '')}/auth/digid/metadata`;
}
