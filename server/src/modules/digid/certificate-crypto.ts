import 'reflect-metadata';
import { webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';

type CryptoKeyPair = webcrypto.CryptoKeyPair;

x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);

/** RSA with SHA-256, as DigiD (Logius) requires for signing; 3072 bits. */
const ALGORITHM = {
  name: 'RSASSA-PKCS1-v1_5',
  hash: 'SHA-256',
  publicExponent: new Uint8Array([1, 0, 1]),
  modulusLength: 3072,
} as const;

/** What the staff fill in for the PKIoverheid certificate request. */
export interface CertificateSubject {
  /** O: the municipality's name. */
  organization: string;
  /** CN: the host name of the service. */
  commonName: string;
  /** serialNumber: the OIN (organisatie-identificatienummer), when the CA asks for it. */
  serialNumber?: string | null;
}

export interface GeneratedKey {
  /** PKCS#8, PEM: encrypt before storing. */
  privateKeyPem: string;
  /** SubjectPublicKeyInfo, base64 DER: compared with an uploaded certificate's key. */
  publicKeySpki: string;
  /** PKCS#10, PEM. */
  csrPem: string;
}

/** What a screen may show of a certificate. */
export interface CertificateFacts {
  subject: string;
  issuer: string;
  /** Hexadecimal. */
  serial: string;
  notBefore: Date;
  notAfter: Date;
  publicKeySpki: string;
  pem: string;
}

function subjectName(subject: CertificateSubject): x509.JsonName {
  const name: x509.JsonName = [{ C: ['NL'] }, { O: [subject.organization] }];
  // serialNumber (2.5.4.5) carries the OIN in PKIoverheid server certificates.
  if (subject.serialNumber) name.push({ '2.5.4.5': [subject.serialNumber] });
  name.push({ CN: [subject.commonName] });
  return name;
}

function toPem(der: ArrayBuffer, label: string): string {
  const lines =
    Buffer.from(der)
      .toString('base64')
      .match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

async function newKeys(): Promise<CryptoKeyPair> {
  return (await webcrypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify'])) as CryptoKeyPair;
}

async function exported(keys: CryptoKeyPair): Promise<{ privateKeyPem: string; publicKeySpki: string }> {
  const pkcs8 = await webcrypto.subtle.exportKey('pkcs8', keys.privateKey);
  const spki = await webcrypto.subtle.exportKey('spki', keys.publicKey);
  return { privateKeyPem: toPem(pkcs8, 'PRIVATE KEY'), publicKeySpki: Buffer.from(spki).toString('base64') };
}

/** A fresh key pair and the certificate signing request (PKCS#10) for it, signed with the new key. */
export async function generateKeyAndCsr(subject: CertificateSubject): Promise<GeneratedKey> {
  const keys = await newKeys();
  const csr = await x509.Pkcs10CertificateRequestGenerator.create({
    name: subjectName(subject),
    keys,
    signingAlgorithm: ALGORITHM,
  });
  return { ...(await exported(keys)), csrPem: csr.toString('pem') };
}

/** A new RSA key of the kind DigiD asks for, as PKCS#8 DER (the demo keeps one in its cache: seeders/demo-cache.ts). */
export async function newPrivateKeyPkcs8(): Promise<Buffer> {
  const keys = await newKeys();
  return Buffer.from(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey));
}

/** The key pair of a PKCS#8 DER private key made by newPrivateKeyPkcs8. */
async function keysOf(pkcs8: Buffer): Promise<CryptoKeyPair> {
  const privateKey = await webcrypto.subtle.importKey('pkcs8', pkcs8, ALGORITHM, true, ['sign']);
  const jwk = await webcrypto.subtle.exportKey('jwk', privateKey);
  const publicKey = await webcrypto.subtle.importKey(
    'jwk',
    { kty: jwk.kty, n: jwk.n, e: jwk.e, alg: jwk.alg, ext: true },
    ALGORITHM,
    true,
    ['verify'],
  );
  return { privateKey, publicKey } as CryptoKeyPair;
}

/**
 * A self-signed certificate with its key (demo data and tests: PKIoverheid issues the real ones); a new key unless
 * `privateKeyPkcs8` is given.
 */
export async function selfSigned(
  subject: CertificateSubject,
  notBefore: Date,
  notAfter: Date,
  privateKeyPkcs8?: Buffer,
): Promise<GeneratedKey & { certPem: string }> {
  const keys = privateKeyPkcs8 ? await keysOf(privateKeyPkcs8) : await newKeys();
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    name: subjectName(subject),
    keys,
    notBefore,
    notAfter,
    signingAlgorithm: ALGORITHM,
  });
  const csr = await x509.Pkcs10CertificateRequestGenerator.create({
    name: subjectName(subject),
    keys,
    signingAlgorithm: ALGORITHM,
  });
  return { ...(await exported(keys)), csrPem: csr.toString('pem'), certPem: cert.toString('pem') };
}

/** A certificate signed by another key (tests: a certificate that does not match the stored key). */
export async function certificateFor(csrPem: string, notBefore: Date, notAfter: Date): Promise<string> {
  const csr = new x509.Pkcs10CertificateRequest(csrPem);
  const issuerKeys = await newKeys();
  const cert = await x509.X509CertificateGenerator.create({
    subject: csr.subject,
    issuer: 'C=NL, O=Test CA, CN=Test PKIoverheid CA',
    publicKey: csr.publicKey,
    signingKey: issuerKeys.privateKey,
    notBefore,
    notAfter,
    signingAlgorithm: ALGORITHM,
  });
  return cert.toString('pem');
}

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/;

/**
 * The first certificate in a PEM text (a chain may follow it), or null when the text holds none that parses.
 */
export function readCertificate(text: string): CertificateFacts | null {
  const block = PEM_CERTIFICATE.exec(text)?.[0];
  if (!block) return null;
  try {
    const cert = new x509.X509Certificate(block);
    return {
      subject: cert.subject,
      issuer: cert.issuer,
      serial: cert.serialNumber,
      notBefore: cert.notBefore,
      notAfter: cert.notAfter,
      publicKeySpki: Buffer.from(cert.publicKey.rawData).toString('base64'),
      pem: cert.toString('pem') + '\n',
    };
  } catch {
    return null;
  }
}
