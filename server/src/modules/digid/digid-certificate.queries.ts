import type { EntityManager } from '@mikro-orm/postgresql';
import type { CertificateFacts } from './certificate-crypto.js';

/**
 * The DigiD certificates' SQL (docs, "Persistence: entities and queries"): the store as read, locked for a rollover
 * step, and each step's state change. Plain functions, no rules: `digid-certificate.service.ts` decides.
 */

export type CertificateState = 'PENDING' | 'READY' | 'NEXT' | 'CURRENT' | 'PREVIOUS' | 'RETIRED';

export interface CertificateRow {
  id: string;
  state: CertificateState;
  subject_organization: string;
  subject_common_name: string;
  subject_serial_number: string | null;
  public_key_spki: string;
  private_key_sealed: string;
  csr_pem: string;
  certificate_pem: string | null;
  certificate_subject: string | null;
  certificate_issuer: string | null;
  certificate_serial: string | null;
  not_before: Date | null;
  not_after: Date | null;
  created_at: Date;
  uploaded_at: Date | null;
  published_at: Date | null;
  activated_at: Date | null;
  superseded_at: Date | null;
  retired_at: Date | null;
}

/** The certificates not retired, newest first; `lock`: their rows locked until the transaction ends. */
export function unretiredCertificates(em: EntityManager, lock = false): Promise<CertificateRow[]> {
  return em.execute<CertificateRow[]>(
    `select * from digid_certificate where state <> 'RETIRED' order by created_at desc, id${lock ? ' for update' : ''}`,
  );
}

/** Every certificate, newest first. */
export function allCertificates(em: EntityManager): Promise<CertificateRow[]> {
  return em.execute<CertificateRow[]>(`select * from digid_certificate order by created_at desc, id`);
}

export async function certificateById(em: EntityManager, id: string): Promise<CertificateRow | undefined> {
  const [row] = await em.execute<CertificateRow[]>(`select * from digid_certificate where id = ?`, [id]);
  return row;
}

/** The certificate, its row locked until the transaction ends. */
export async function lockCertificate(em: EntityManager, id: string): Promise<CertificateRow | undefined> {
  const [row] = await em.execute<CertificateRow[]>(`select * from digid_certificate where id = ? for update`, [id]);
  return row;
}

/** When the certificate in use expires; undefined when none is in use. */
export async function currentNotAfter(em: EntityManager): Promise<Date | string | null | undefined> {
  const [row] = await em.execute<{ not_after: Date | string | null }[]>(
    `select not_after from digid_certificate where state = 'CURRENT'`,
  );
  return row?.not_after;
}

/** The current, next and previous certificates that have a certificate. */
export function activeCertificates(em: EntityManager): Promise<CertificateRow[]> {
  return em.execute<CertificateRow[]>(
    `select * from digid_certificate where state in ('CURRENT','NEXT','PREVIOUS') and certificate_pem is not null`,
  );
}

/** The current and next certificates with an expiry date. */
export function expiringCertificates(em: EntityManager): Promise<Pick<CertificateRow, 'id' | 'state' | 'not_after'>[]> {
  return em.execute<Pick<CertificateRow, 'id' | 'state' | 'not_after'>[]>(
    `select id, state, not_after from digid_certificate where state in ('CURRENT','NEXT') and not_after is not null`,
  );
}

/** A new key pair waiting for its certificate; its id. */
export async function insertPending(
  em: EntityManager,
  c: {
    organization: string;
    commonName: string;
    serialNumber: string | null;
    publicKeySpki: string;
    privateKeySealed: string;
    csrPem: string;
    createdAt: Date;
    createdById: string | null;
  },
): Promise<string> {
  const [row] = await em.execute<{ id: string }[]>(
    `insert into digid_certificate (state, subject_organization, subject_common_name, subject_serial_number,
       public_key_spki, private_key_sealed, csr_pem, created_at, created_by_id)
     values ('PENDING', ?, ?, ?, ?, ?, ?, ?, ?) returning id`,
    [
      c.organization,
      c.commonName,
      c.serialNumber,
      c.publicKeySpki,
      c.privateKeySealed,
      c.csrPem,
      c.createdAt,
      c.createdById,
    ],
  );
  return row!.id;
}

export async function storeUploaded(
  em: EntityManager,
  id: string,
  facts: Omit<CertificateFacts, 'publicKeySpki'>,
  uploadedAt: Date,
): Promise<void> {
  await em.execute(
    `update digid_certificate set state = 'READY', certificate_pem = ?, certificate_subject = ?, certificate_issuer = ?,
       certificate_serial = ?, not_before = ?, not_after = ?, uploaded_at = ? where id = ?`,
    [facts.pem, facts.subject, facts.issuer, facts.serial, facts.notBefore, facts.notAfter, uploadedAt, id],
  );
}

export async function markNext(em: EntityManager, id: string, publishedAt: Date): Promise<void> {
  await em.execute(`update digid_certificate set state = 'NEXT', published_at = ? where id = ?`, [publishedAt, id]);
}

export async function markRetired(em: EntityManager, id: string, retiredAt: Date): Promise<void> {
  await em.execute(`update digid_certificate set state = 'RETIRED', retired_at = ? where id = ?`, [retiredAt, id]);
}

export async function markPrevious(em: EntityManager, id: string, supersededAt: Date): Promise<void> {
  await em.execute(`update digid_certificate set state = 'PREVIOUS', superseded_at = ? where id = ?`, [
    supersededAt,
    id,
  ]);
}

/** Makes the certificate the current one (published now when it was not yet). */
export async function markCurrent(em: EntityManager, id: string, now: Date): Promise<void> {
  await em.execute(
    `update digid_certificate set state = 'CURRENT', activated_at = ?, published_at = coalesce(published_at, ?) where id = ?`,
    [now, now, id],
  );
}
