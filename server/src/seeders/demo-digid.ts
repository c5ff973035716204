import type { EntityManager } from '@mikro-orm/postgresql';
import { encryptSecret } from '../kernel/secret-box.js';
import { newPrivateKeyPkcs8, selfSigned } from '../modules/digid/certificate-crypto.js';
import type { DemoCache } from './demo-cache.js';

const DAY = 86_400_000;

/** How many days the demo's current DigiD certificate has left: inside the dashboard's 60-day warning. */
export const DEMO_DIGID_DAYS_LEFT = 45;

/**
 * The demo's DigiD certificate: self-signed (PKIoverheid issues the real one), made now, in use (CURRENT) and expiring
 * in 45 days, so the admin dashboard shows its warning and instellingen/digid/nieuwe-certificaten has a rollover to do.
 * Its private key is stored encrypted, as every key in the store. With a cache (DEMO_CACHE_DIR) the RSA key is made once
 * for all runs; the certificate is made now all the same.
 */
export async function seedDemoDigid(
  em: EntityManager,
  secretKey: Buffer,
  now: Date,
  cache: DemoCache | null = null,
): Promise<void> {
  const subject = { organization: 'Gemeente Zuiderveen', commonName: 'gemeentewinkel.zuiderveen.nl' };
  const notBefore = new Date(now.getTime() - 320 * DAY);
  const notAfter = new Date(now.getTime() + DEMO_DIGID_DAYS_LEFT * DAY + DAY / 2);
  const key = cache ? await cache.bytes('keys', 'demo-digid-rsa', newPrivateKeyPkcs8) : undefined;
  const made = await selfSigned(subject, notBefore, notAfter, key);
  const { X509Certificate } = await import('@peculiar/x509');
  const cert = new X509Certificate(made.certPem);
  await em.execute(
    `insert into digid_certificate (state, subject_organization, subject_common_name, public_key_spki,
       private_key_sealed, csr_pem, certificate_pem, certificate_subject, certificate_issuer, certificate_serial,
       not_before, not_after, created_at, uploaded_at, published_at, activated_at)
     values ('CURRENT', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      subject.organization,
      subject.commonName,
      made.publicKeySpki,
      encryptSecret(secretKey, made.privateKeyPem),
      made.csrPem,
      made.certPem,
      cert.subject,
      cert.issuer,
      cert.serialNumber,
      notBefore,
      notAfter,
      notBefore,
      notBefore,
      notBefore,
      notBefore,
    ],
  );
}
