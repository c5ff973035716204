import { ARTIFACT_BINDING, escapeXml, NS, signEnveloped } from './xml.js';

const base64Body = (pem: string) => pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');

/**
 * Our SAML metadata for Logius, signed with the current key: the entity id, the current certificate and (during a
 * rollover) the next one as KeyDescriptors, and the AssertionConsumerService with the artifact binding at its index.
 */
export function spMetadataXml(
  sp: { entityId: string; acsUrl: string; acsIndex: number; validUntil: Date },
  credentials: { current: { keyPem: string; certPem: string }; next: { certPem: string } | null },
): string {
  const keyDescriptor = (certPem: string) =>
    `<md:KeyDescriptor use="signing"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>${base64Body(certPem)}` +
    `</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>`;
  const certificates = [credentials.current.certPem, ...(credentials.next ? [credentials.next.certPem] : [])];
  const xml =
    `<md:EntityDescriptor xmlns:md="${NS.md}" xmlns:ds="${NS.ds}" ID="_${Buffer.from(sp.entityId).toString('hex').slice(0, 32)}"` +
    ` entityID="${escapeXml(sp.entityId)}" validUntil="${sp.validUntil.toISOString()}">` +
    `<md:SPSSODescriptor AuthnRequestsSigned="true" WantAssertionsSigned="true" protocolSupportEnumeration="${NS.samlp}">` +
    certificates.map(keyDescriptor).join('') +
    `<md:AssertionConsumerService Binding="${ARTIFACT_BINDING}" Location="${escapeXml(sp.acsUrl)}" index="${sp.acsIndex}" isDefault="true"/>` +
    `</md:SPSSODescriptor></md:EntityDescriptor>`;
  return signEnveloped(`<?xml version="1.0" encoding="UTF-8"?>${xml}`, credentials.current);
}
