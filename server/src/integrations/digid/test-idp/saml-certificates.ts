import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate } from 'selfsigned';

export interface Pem {
  keyPem: string;
  certPem: string;
}

/** Everything the local SAML identity provider and our side need, made fresh for each run (never checked in). */
export interface SamlTestCertificates {
  /** The CA that issued DigiD's TLS server certificate and our client certificate (stands in for PKIoverheid). */
  ca: Pem;
  /** The identity provider's HTTPS server (artifact resolution), for localhost and 127.0.0.1. */
  server: Pem;
  /** The identity provider's signing key (DigiD's signing certificate in its metadata). */
  idpSigning: Pem;
  /** Ours: signs AuthnRequests, ArtifactResolves and the metadata, and is the TLS client certificate. */
  sp: Pem;
}

const days = (n: number) => new Date(Date.now() + n * 24 * 3600_000);

async function certificate(cn: string, options: Parameters<typeof generate>[1]): Promise<Pem> {
  const result = await generate([{ name: 'commonName', value: cn }], {
    algorithm: 'sha256',
    keySize: 2048,
    notBeforeDate: days(-1),
    notAfterDate: days(365),
    ...options,
  });
  return { keyPem: result.private, certPem: result.cert };
}

export async function generateSamlTestCertificates(): Promise<SamlTestCertificates> {
  const ca = await certificate('Test-CA (geen PKIoverheid)', {
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    ],
  });
  const bySigningCa = { key: ca.keyPem, cert: ca.certPem };
  const [server, idpSigning, sp] = await Promise.all([
    certificate('localhost', {
      ca: bySigningCa,
      extensions: [
        { name: 'basicConstraints', cA: false },
        { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
        { name: 'extKeyUsage', serverAuth: true },
        {
          name: 'subjectAltName',
          altNames: [
            { type: 2, value: 'localhost' },
            { type: 7, ip: '127.0.0.1' },
          ],
        },
      ],
    }),
    certificate('Lokale DigiD (ondertekening)', {
      extensions: [
        { name: 'basicConstraints', cA: false },
        { name: 'keyUsage', digitalSignature: true },
      ],
    }),
    certificate('Gemeentewinkel (test)', {
      ca: bySigningCa,
      extensions: [
        { name: 'basicConstraints', cA: false },
        { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
        { name: 'extKeyUsage', clientAuth: true },
      ],
    }),
  ]);
  return { ca, server, idpSigning, sp };
}

/** Writes the files our configuration reads (DIGID_SAML_*_FILE) into a new temporary folder; returns their paths. */
export function writeSamlTestFiles(certs: SamlTestCertificates): {
  dir: string;
  spKey: string;
  spCert: string;
  idpCert: string;
  ca: string;
} {
  const dir = mkdtempSync(join(tmpdir(), 'gw-saml-idp-'));
  const file = (name: string, content: string) => {
    const path = join(dir, name);
    writeFileSync(path, content, { mode: 0o600 });
    return path;
  };
  return {
    dir,
    spKey: file('sp-key.pem', certs.sp.keyPem),
    spCert: file('sp-cert.pem', certs.sp.certPem),
    idpCert: file('idp-signing-cert.pem', certs.idpSigning.certPem),
    ca: file('digid-ca.pem', certs.ca.certPem),
  };
}
