import { XMLSerializer, type Element } from '@xmldom/xmldom';
import { SignedXml } from 'xml-crypto';
import type { AssuranceLevel, DigidOutcome } from '../digid.js';
import { isValidBsn } from '../../../crypto/bsn.js';
import { childrenNamed, LEVELS, levelOfClass, NS, onlyChild, parseXml, RSA_SHA256, STATUS, textOf } from './xml.js';

/** How far the identity provider's clock may differ from ours. */
export const CLOCK_SKEW_MS = 60_000;
/** A response issued longer ago than this is too late, whatever its own validity says. */
const MAX_AGE_MS = 5 * 60_000;

/** Why a response was refused: logged (never the BSN), and mapped to the outcome's reason. */
export type Refusal =
  | 'malformed'
  | 'signature'
  | 'wrapping'
  | 'in-response-to'
  | 'issuer'
  | 'destination'
  | 'audience'
  | 'time'
  | 'level'
  | 'sector'
  | 'status'
  | 'cancelled'
  | 'no-authn-context'
  /** Before the response: no or a foreign artifact, a lost context, an artifact or request used before, no answer. */
  | 'artifact'
  | 'context'
  | 'artifact-replay'
  | 'request-replay'
  | 'resolution';

export type CheckedResponse =
  | { ok: true; bsn: string; assuranceLevel: AssuranceLevel }
  | { ok: false; reason: Exclude<DigidOutcome, { ok: true }>['reason']; refusal: Refusal };

export interface Expectations {
  /** Our ArtifactResolve's ID, the ArtifactResponse's InResponseTo. */
  resolveId: string;
  /** Our AuthnRequest's ID (kept in the log-in's context), the Response's InResponseTo. */
  requestId: string;
  entityId: string;
  acsUrl: string;
  idpEntityId: string;
  idpCertPem: string;
  level: AssuranceLevel;
  now: Date;
}

export const refuse = (refusal: Refusal): CheckedResponse => ({
  ok: false,
  reason:
    refusal === 'cancelled' ? 'cancelled' : refusal === 'no-authn-context' || refusal === 'level' ? 'level' : 'invalid',
  refusal,
});

/**
 * Verifies a signature that must be an enveloped one over `element` (its only reference is `#<element's ID>`, with
 * RSA-SHA256 and DigiD's certificate, never a certificate from the message) and returns the signed element, parsed
 * again from the bytes the signature covers. Everything is read from that copy, so content that a wrapping attack
 * placed beside or around the signed element is never read.
 */
function verifiedCopy(xml: string, element: Element, certPem: string): Element | undefined {
  const signature = onlyChild(element, NS.ds, 'Signature');
  const id = element.getAttribute('ID');
  if (!signature || !id) return undefined;
  const signedInfo = onlyChild(signature, NS.ds, 'SignedInfo');
  const method = onlyChild(signedInfo, NS.ds, 'SignatureMethod');
  const references = signedInfo ? childrenNamed(signedInfo, NS.ds, 'Reference') : [];
  if (method?.getAttribute('Algorithm') !== RSA_SHA256) return undefined;
  if (references.length !== 1 || references[0]!.getAttribute('URI') !== `#${id}`) return undefined;
  const sig = new SignedXml({ publicCert: certPem, getCertFromKeyInfo: () => null });
  try {
    sig.loadSignature(signature);
    if (!sig.checkSignature(xml)) return undefined;
  } catch {
    return undefined; // e.g. two elements with the same ID
  }
  const signed = sig.getSignedReferences();
  if (signed.length !== 1) return undefined;
  const copy = parseXml(signed[0]!)?.documentElement;
  if (!copy || copy.namespaceURI !== element.namespaceURI || copy.localName !== element.localName) return undefined;
  return copy.getAttribute('ID') === id ? copy : undefined;
}

/** The StatusCode values: the top-level one and the second-level one (DigiD's reason), if any. */
function statusOf(parent: Element): { top?: string; second?: string } {
  const code = onlyChild(onlyChild(parent, NS.samlp, 'Status'), NS.samlp, 'StatusCode');
  const second = code && onlyChild(code, NS.samlp, 'StatusCode');
  return { top: code?.getAttribute('Value') ?? undefined, second: second?.getAttribute('Value') ?? undefined };
}

const time = (value: string | null | undefined) => (value ? Date.parse(value) : NaN);

/**
 * Every check on DigiD's ArtifactResponse (SOAP), in the order that reads nothing unverified: the signature of the
 * ArtifactResponse (and of the Assertion in it, when signed), then, from the signed copy only: InResponseTo of both
 * messages, Issuer, Destination and Recipient, the status (AuthnFailed: cancelled; NoAuthnContext: level), the
 * validity window, the audience, the assurance level reached (at least the one asked for) and the NameID's sector
 * (`s00000000:` followed by the BSN).
 */
export function checkArtifactResponse(soapXml: string, expect: Expectations): CheckedResponse {
  const doc = parseXml(soapXml);
  const envelope = doc?.documentElement;
  if (!envelope || envelope.namespaceURI !== NS.soap || envelope.localName !== 'Envelope') return refuse('malformed');
  const body = onlyChild(envelope, NS.soap, 'Body');
  const outer = onlyChild(body, NS.samlp, 'ArtifactResponse');
  if (!body || !outer || childrenNamed(body, NS.samlp, 'ArtifactResponse').length !== 1) return refuse('malformed');
  if (!onlyChild(outer, NS.ds, 'Signature')) return refuse('signature');
  // A Signature elsewhere (other than the Assertion's) means someone moved things around.
  const signatures = doc.getElementsByTagNameNS(NS.ds, 'Signature');
  if (signatures.length > 2) return refuse('wrapping');

  const artifactResponse = verifiedCopy(soapXml, outer, expect.idpCertPem);
  if (!artifactResponse) return refuse('signature');
  if (artifactResponse.getAttribute('InResponseTo') !== expect.resolveId) return refuse('in-response-to');
  if (textOf(onlyChild(artifactResponse, NS.saml, 'Issuer')) !== expect.idpEntityId) return refuse('issuer');
  if (statusOf(artifactResponse).top !== STATUS.success) return refuse('status');

  const response = onlyChild(artifactResponse, NS.samlp, 'Response');
  if (!response) return refuse('malformed');
  if (response.getAttribute('InResponseTo') !== expect.requestId) return refuse('in-response-to');
  const issuer = textOf(onlyChild(response, NS.saml, 'Issuer'));
  if (issuer !== undefined && issuer !== expect.idpEntityId) return refuse('issuer');
  const destination = response.getAttribute('Destination');
  if (destination && destination !== expect.acsUrl) return refuse('destination');
  const now = expect.now.getTime();
  const issued = time(response.getAttribute('IssueInstant'));
  if (!(issued <= now + CLOCK_SKEW_MS && issued >= now - MAX_AGE_MS - CLOCK_SKEW_MS)) return refuse('time');

  const status = statusOf(response);
  if (status.top !== STATUS.success) {
    if (status.second === STATUS.authnFailed) return refuse('cancelled');
    if (status.second === STATUS.noAuthnContext) return refuse('no-authn-context');
    return refuse('status');
  }

  if (response.getElementsByTagNameNS(NS.saml, 'Assertion').length !== 1) return refuse('malformed');
  let assertion = onlyChild(response, NS.saml, 'Assertion');
  if (!assertion) return refuse('malformed');
  if (onlyChild(assertion, NS.ds, 'Signature')) {
    const signedXml = new XMLSerializer().serializeToString(artifactResponse.ownerDocument!);
    assertion = verifiedCopy(signedXml, assertion, expect.idpCertPem);
    if (!assertion) return refuse('signature');
  }
  if (textOf(onlyChild(assertion, NS.saml, 'Issuer')) !== expect.idpEntityId) return refuse('issuer');

  const conditions = onlyChild(assertion, NS.saml, 'Conditions');
  if (!conditions) return refuse('malformed');
  const notBefore = time(conditions.getAttribute('NotBefore'));
  const notOnOrAfter = time(conditions.getAttribute('NotOnOrAfter'));
  if (!(notBefore <= now + CLOCK_SKEW_MS) || !(now - CLOCK_SKEW_MS < notOnOrAfter)) return refuse('time');
  const restrictions = childrenNamed(conditions, NS.saml, 'AudienceRestriction');
  if (!restrictions.length) return refuse('audience');
  for (const restriction of restrictions) {
    const audiences = childrenNamed(restriction, NS.saml, 'Audience').map((a) => textOf(a));
    if (!audiences.includes(expect.entityId)) return refuse('audience');
  }

  const subject = onlyChild(assertion, NS.saml, 'Subject');
  const confirmation = onlyChild(subject, NS.saml, 'SubjectConfirmation');
  const data = onlyChild(confirmation, NS.saml, 'SubjectConfirmationData');
  if (!subject || !data || confirmation?.getAttribute('Method') !== 'urn:oasis:names:tc:SAML:2.0:cm:bearer')
    return refuse('malformed');
  if (data.getAttribute('InResponseTo') !== expect.requestId) return refuse('in-response-to');
  if (data.getAttribute('Recipient') !== expect.acsUrl) return refuse('destination');
  if (!(now - CLOCK_SKEW_MS < time(data.getAttribute('NotOnOrAfter')))) return refuse('time');

  const statement = onlyChild(assertion, NS.saml, 'AuthnStatement');
  const classRef = textOf(onlyChild(onlyChild(statement, NS.saml, 'AuthnContext'), NS.saml, 'AuthnContextClassRef'));
  const reached = classRef ? levelOfClass(classRef) : undefined;
  if (!reached || LEVELS.indexOf(reached) < LEVELS.indexOf(expect.level)) return refuse('level');

  const nameId = textOf(onlyChild(subject, NS.saml, 'NameID'));
  const match = /^s00000000:(\d{9})$/.exec(nameId ?? '');
  if (!match || !isValidBsn(match[1]!)) return refuse('sector');
  return { ok: true, bsn: match[1]!, assuranceLevel: reached };
}
