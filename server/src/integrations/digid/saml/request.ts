import { createSign, createVerify } from 'node:crypto';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { AssuranceLevel } from '../digid.js';
import { escapeXml, instant, LEVEL_CLASSES, NS, RSA_SHA256 } from './xml.js';

/**
 * The AuthnRequest as Logius specifies it for DigiD: the AssertionConsumerServiceIndex (the ACS as registered in our
 * metadata) and the assurance level as RequestedAuthnContext with Comparison="minimum". It travels unsigned as XML;
 * the Redirect binding signs the query string instead (see `redirectUrl`).
 */
export function authnRequestXml(request: {
  id: string;
  issueInstant: Date;
  destination: string;
  entityId: string;
  acsIndex: number;
  level: AssuranceLevel;
}): string {
  return (
    `<samlp:AuthnRequest xmlns:samlp="${NS.samlp}" xmlns:saml="${NS.saml}" ID="${escapeXml(request.id)}" Version="2.0"` +
    ` IssueInstant="${instant(request.issueInstant)}" Destination="${escapeXml(request.destination)}"` +
    ` AssertionConsumerServiceIndex="${request.acsIndex}">` +
    `<saml:Issuer>${escapeXml(request.entityId)}</saml:Issuer>` +
    `<samlp:RequestedAuthnContext Comparison="minimum">` +
    `<saml:AuthnContextClassRef>${LEVEL_CLASSES[request.level]}</saml:AuthnContextClassRef>` +
    `</samlp:RequestedAuthnContext>` +
    `</samlp:AuthnRequest>`
  );
}

/**
 * HTTP-Redirect binding (SAML bindings §3.4.4.1): the message DEFLATEd and base64-encoded, and an RSA-SHA256
 * signature over the exact query string `SAMLRequest=…&RelayState=…&SigAlg=…` as sent.
 */
export function redirectUrl(destination: string, requestXml: string, relayState: string, keyPem: string): string {
  const query =
    `SAMLRequest=${encodeURIComponent(deflateRawSync(Buffer.from(requestXml, 'utf8')).toString('base64'))}` +
    `&RelayState=${encodeURIComponent(relayState)}` +
    `&SigAlg=${encodeURIComponent(RSA_SHA256)}`;
  const signature = createSign('RSA-SHA256').update(query).sign(keyPem, 'base64');
  return `${destination}${destination.includes('?') ? '&' : '?'}${query}&Signature=${encodeURIComponent(signature)}`;
}

/**
 * The receiving side of the Redirect binding (the local identity provider, and tests): checks the signature over the
 * query string exactly as it arrived and returns the inflated message, or undefined.
 */
export function readRedirect(
  rawQuery: string,
  certPem: string,
): { xml: string; relayState: string | undefined } | undefined {
  const parts = new Map<string, string>();
  for (const pair of rawQuery.replace(/^\?/, '').split('&')) {
    const eq = pair.indexOf('=');
    if (eq > 0) parts.set(pair.slice(0, eq), pair.slice(eq + 1));
  }
  const request = parts.get('SAMLRequest');
  const sigAlg = parts.get('SigAlg');
  const signature = parts.get('Signature');
  if (!request || !sigAlg || !signature || decodeURIComponent(sigAlg) !== RSA_SHA256) return undefined;
  const relay = parts.get('RelayState');
  const signed = `SAMLRequest=${request}${relay !== undefined ? `&RelayState=${relay}` : ''}&SigAlg=${sigAlg}`;
  const ok = createVerify('RSA-SHA256')
    .update(signed)
    .verify(certPem, Buffer.from(decodeURIComponent(signature), 'base64'));
  if (!ok) return undefined;
  try {
    const xml = inflateRawSync(Buffer.from(decodeURIComponent(request), 'base64'), {
      maxOutputLength: 100_000,
    }).toString('utf8');
    return { xml, relayState: relay !== undefined ? decodeURIComponent(relay) : undefined };
  } catch {
    return undefined;
  }
}
