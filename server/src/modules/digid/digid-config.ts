import type { Config } from '../../config/config.js';

/**
 * Our SAML entity id: DIGID_SAML_ENTITY_ID when DigiD runs over SAML, otherwise the
 * metadata address, which is the usual choice.
 */
export function digidEntityId(config: Config): string {
  // DIGID_SAML_ENTITY_ID with SAML; otherwise (OIDC, the simulator) the metadata address stands for it.
  return config.digid.saml?.entityId || digidMetadataUrl(config);
}

/** Where the SAML adapter serves our signed metadata (GET /auth/digid/metadata). */
export function digidMetadataUrl(config: Config): string {
  return `${config.appUrl.replace(/\/$/, '')}/auth/digid/metadata`;
}
