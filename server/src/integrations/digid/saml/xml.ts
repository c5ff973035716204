import { randomUUID } from 'node:crypto';
import { DOMParser, type Document, type Element } from '@xmldom/xmldom';
import { SignedXml } from 'xml-crypto';
import type { AssuranceLevel } from '../digid.js';

/** The namespaces and algorithms the SAML messages use. */
export const NS = {
  samlp: 'urn:oasis:names:tc:SAML:2.0:protocol',
  saml: 'urn:oasis:names:tc:SAML:2.0:assertion',
  md: 'urn:oasis:names:tc:SAML:2.0:metadata',
  ds: 'http://www.w3.org/2000/09/xmldsig#',
  soap: 'http://schemas.xmlsoap.org/soap/envelope/',
} as const;

export const RSA_SHA256 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';
const SHA256 = 'http://www.w3.org/2001/04/xmlenc#sha256';
const EXC_C14N = 'http://www.w3.org/2001/10/xml-exc-c14n#';
const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';

export const STATUS = {
  success: 'urn:oasis:names:tc:SAML:2.0:status:Success',
  responder: 'urn:oasis:names:tc:SAML:2.0:status:Responder',
  authnFailed: 'urn:oasis:names:tc:SAML:2.0:status:AuthnFailed',
  noAuthnContext: 'urn:oasis:names:tc:SAML:2.0:status:NoAuthnContext',
  requestDenied: 'urn:oasis:names:tc:SAML:2.0:status:RequestDenied',
} as const;

export const ARTIFACT_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Artifact';
export const REDIRECT_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
export const SOAP_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:SOAP';

/** Logius's AuthnContextClassRef for each DigiD assurance level, from low to high. */
export const LEVEL_CLASSES: Record<AssuranceLevel, string> = {
  basis: 'urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport',
  midden: 'urn:oasis:names:tc:SAML:2.0:ac:classes:MobileTwoFactorContract',
  substantieel: 'urn:oasis:names:tc:SAML:2.0:ac:classes:Smartcard',
  hoog: 'urn:oasis:names:tc:SAML:2.0:ac:classes:SmartcardPKI',
};
export const LEVELS = Object.keys(LEVEL_CLASSES) as AssuranceLevel[];

export function levelOfClass(classRef: string): AssuranceLevel | undefined {
  return LEVELS.find((level) => LEVEL_CLASSES[level] === classRef);
}

/** A SAML ID: an NCName, so it starts with an underscore. */
export function samlId(): string {
  return `_${randomUUID().replaceAll('-', '')}`;
}

export function escapeXml(value: string): string {
  return value.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );
}

/** SAML's xs:dateTime in UTC, without milliseconds. */
export function instant(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * Signs the document's root element (which has an ID) with an enveloped signature (RSA-SHA256, SHA-256 digest,
 * exclusive canonicalization), placed right after the root's Issuer as SAML requires (or first, without an Issuer).
 */
export function signEnveloped(xml: string, key: { keyPem: string; certPem: string }): string {
  const sig = new SignedXml({
    privateKey: key.keyPem,
    publicCert: key.certPem,
    signatureAlgorithm: RSA_SHA256,
    canonicalizationAlgorithm: EXC_C14N,
  });
  sig.addReference({ xpath: '/*', transforms: [ENVELOPED, EXC_C14N], digestAlgorithm: SHA256 });
  const hasIssuer = /^(<\?xml[^>]*\?>\s*)?<[^>]+>\s*<([\w-]+:)?Issuer[\s>]/.test(xml);
  sig.computeSignature(xml, {
    prefix: 'ds',
    location: hasIssuer
      ? { reference: "/*/*[local-name(.)='Issuer']", action: 'after' }
      : { reference: '/*', action: 'prepend' },
  });
  return sig.getSignedXml();
}

/** Parses XML; undefined when it is not well-formed (or holds a DOCTYPE: no entities from outside). */
export function parseXml(xml: string): Document | undefined {
  if (/<!DOCTYPE/i.test(xml)) return undefined;
  try {
    let failed = false;
    const doc = new DOMParser({
      onError: (level) => {
        if (level !== 'warning') failed = true;
      },
    }).parseFromString(xml, 'text/xml');
    return failed ? undefined : doc;
  } catch {
    return undefined;
  }
}

/** The element children of `parent` with this namespace and local name. */
export function childrenNamed(parent: Element | Document, ns: string, localName: string): Element[] {
  const out: Element[] = [];
  for (let n = parent.firstChild; n; n = n.nextSibling) {
    if (n.nodeType === 1 && (n as Element).namespaceURI === ns && (n as Element).localName === localName)
      out.push(n as Element);
  }
  return out;
}

/** The one child element with this name, or undefined when there is none or more than one. */
export function onlyChild(parent: Element | Document | undefined, ns: string, localName: string): Element | undefined {
  if (!parent) return undefined;
  const found = childrenNamed(parent, ns, localName);
  return found.length === 1 ? found[0] : undefined;
}

export function textOf(el: Element | undefined): string | undefined {
  return el?.textContent?.trim() || undefined;
}

/** Strips the XML declaration, so a signed document can be put inside another (the SOAP envelope). */
export function withoutDeclaration(xml: string): string {
  return xml.replace(/^<\?xml[^>]*\?>\s*/, '');
}
