import { createHash } from 'node:crypto';
import { request } from 'node:https';
import { escapeXml, instant, NS, signEnveloped, withoutDeclaration } from './xml.js';

const MAX_RESPONSE_BYTES = 512 * 1024;
const TIMEOUT_MS = 15_000;

/**
 * A SAML 2.0 artifact (type 0x0004): type code, endpoint index, the SHA-1 of the issuer's entity id (SourceID) and a
 * random message handle, 44 bytes in base64. Undefined when the artifact is not one, or not from this issuer.
 */
export function parseArtifact(artifact: string, idpEntityId: string): { endpointIndex: number } | undefined {
  if (!/^[A-Za-z0-9+/]{59}=$/.test(artifact)) return undefined;
  const bytes = Buffer.from(artifact, 'base64');
  if (bytes.length !== 44 || bytes.readUInt16BE(0) !== 4) return undefined;
  const sourceId = createHash('sha1').update(idpEntityId).digest();
  if (!bytes.subarray(4, 24).equals(sourceId)) return undefined;
  return { endpointIndex: bytes.readUInt16BE(2) };
}

/** A new artifact for an issuer (the local identity provider's side). */
export function makeArtifact(idpEntityId: string, handle: Buffer, endpointIndex = 0): string {
  const head = Buffer.alloc(4);
  head.writeUInt16BE(4, 0);
  head.writeUInt16BE(endpointIndex, 2);
  return Buffer.concat([head, createHash('sha1').update(idpEntityId).digest(), handle.subarray(0, 20)]).toString(
    'base64',
  );
}

/** The signed ArtifactResolve in its SOAP envelope. */
export function artifactResolveEnvelope(
  resolve: { id: string; issueInstant: Date; destination: string; entityId: string; artifact: string },
  key: { keyPem: string; certPem: string },
): string {
  const xml =
    `<samlp:ArtifactResolve xmlns:samlp="${NS.samlp}" xmlns:saml="${NS.saml}" ID="${escapeXml(resolve.id)}"` +
    ` Version="2.0" IssueInstant="${instant(resolve.issueInstant)}" Destination="${escapeXml(resolve.destination)}">` +
    `<saml:Issuer>${escapeXml(resolve.entityId)}</saml:Issuer>` +
    `<samlp:Artifact>${escapeXml(resolve.artifact)}</samlp:Artifact>` +
    `</samlp:ArtifactResolve>`;
  return soapEnvelope(signEnveloped(xml, key));
}

export function soapEnvelope(body: string): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?>` +
    `<soapenv:Envelope xmlns:soapenv="${NS.soap}"><soapenv:Body>${withoutDeclaration(body)}</soapenv:Body></soapenv:Envelope>`
  );
}

/**
 * POSTs the envelope to DigiD's ArtifactResolutionService over mutual TLS: our certificate and key as the client's,
 * and only DigiD's CA bundle trusted for the server (not the system's roots). Resolves to the response body.
 */
export function postSoap(
  url: string,
  envelope: string,
  tls: { keyPem: string; certPem: string; caPem: string },
): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        key: tls.keyPem,
        cert: tls.certPem,
        ca: tls.caPem,
        rejectUnauthorized: true,
        agent: false,
        timeout: TIMEOUT_MS,
        headers: {
          'content-type': 'text/xml; charset=utf-8',
          soapaction: 'http://www.oasis-open.org/committees/security',
          'content-length': Buffer.byteLength(envelope),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_RESPONSE_BYTES) req.destroy(new Error('artifact response too large'));
          else chunks.push(chunk);
        });
        res.on('error', reject);
        res.on('end', () => {
          if (res.statusCode !== 200) reject(new Error(`artifact resolution answered HTTP ${res.statusCode}`));
          else resolve(Buffer.concat(chunks).toString('utf8'));
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('artifact resolution timed out')));
    req.on('error', reject);
    req.end(envelope);
  });
}
