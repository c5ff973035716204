import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuditAction } from '../audit/index.js';
import { Audience } from '../../kernel/permissions.js';
import { UserError } from '../../kernel/errors.js';
import { decryptSecret, encryptSecret } from '../../kernel/secret-box.js';
import { transactional, type RequestContext } from '../../kernel/request-context.js';
import { fail, ok, problem, type Result } from '../../kernel/result.js';
import type { AuditService } from '../audit/index.js';
import { generateKeyAndCsr, readCertificate, type CertificateSubject } from './certificate-crypto.js';
import * as q from './digid-certificate.queries.js';
import type { CertificateRow as Row, CertificateState } from './digid-certificate.queries.js';

/**
 * Where a certificate is in the rollover. PENDING: key and CSR made, waiting for the CA. READY: the issued certificate
 * is uploaded. NEXT: published in the metadata beside the current one (DigiD learns it before we use it). CURRENT:
 * signs our requests and is our TLS client certificate. PREVIOUS: switched away from, still in the metadata and still
 * usable for a grace period (messages in flight). RETIRED: gone from the metadata, key no longer used.
 */
export type { CertificateState };

/** One certificate as the settings screens show it: never the private key. */
export interface DigidCertificateRecord {
  id: string;
  state: CertificateState;
  organization: string;
  commonName: string;
  /** The OIN in the subject's serialNumber, when given. */
  oin: string | null;
  csrPem: string;
  certificatePem: string | null;
  subject: string | null;
  issuer: string | null;
  serial: string | null;
  notBefore: Date | null;
  notAfter: Date | null;
  createdAt: Date;
  uploadedAt: Date | null;
  publishedAt: Date | null;
  activatedAt: Date | null;
  supersededAt: Date | null;
  retiredAt: Date | null;
}

const STATE_ORDER: CertificateState[] = ['CURRENT', 'NEXT', 'PREVIOUS', 'READY', 'PENDING', 'RETIRED'];

function toRecord(r: Row): DigidCertificateRecord {
  return {
    id: r.id,
    state: r.state,
    organization: r.subject_organization,
    commonName: r.subject_common_name,
    oin: r.subject_serial_number,
    csrPem: r.csr_pem,
    certificatePem: r.certificate_pem,
    subject: r.certificate_subject,
    issuer: r.certificate_issuer,
    serial: r.certificate_serial,
    notBefore: r.not_before ? new Date(r.not_before) : null,
    notAfter: r.not_after ? new Date(r.not_after) : null,
    createdAt: new Date(r.created_at),
    uploadedAt: r.uploaded_at ? new Date(r.uploaded_at) : null,
    publishedAt: r.published_at ? new Date(r.published_at) : null,
    activatedAt: r.activated_at ? new Date(r.activated_at) : null,
    supersededAt: r.superseded_at ? new Date(r.superseded_at) : null,
    retiredAt: r.retired_at ? new Date(r.retired_at) : null,
  };
}

/** The certificates with a key, for the SAML adapter and the metadata (PEM). */
export interface ActiveCredentials {
  current: { id: string; keyPem: string; certPem: string; notAfter: Date } | null;
  next: { id: string; certPem: string; notAfter: Date } | null;
  previous: { id: string; keyPem: string; certPem: string; notAfter: Date } | null;
}

/** Days from `now` to `until`, rounded down (negative once passed). */
export function daysLeft(now: Date, until: Date): number {
  return Math.floor((until.getTime() - now.getTime()) / 86_400_000);
}

/** From this many days before the current (or next) certificate expires the admin dashboard warns. */
export const EXPIRY_WARNING_DAYS = 60;

const ORGANIZATION = /^[\p{L}\p{N} .,'’()&-]{2,64}$/u;
const HOST = /^(?=.{4,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const OIN = /^\d{20}$/;

/**
 * Our DigiD (SAML) key pairs and certificates, and their rollover without a moment in which log-in fails:
 * generate a key and CSR → upload the issued certificate → publish it as the next one in the metadata (DigiD then
 * trusts both) → switch over (the old one stays in the metadata as PREVIOUS and can still sign and decrypt) → retire
 * the old one. Private keys are generated here, stored encrypted (SETTINGS_ENCRYPTION_KEY) and never leave the
 * server except to the SAML adapter. Every step is audited; the steps lock the store so two staff members cannot
 * switch at once (partial unique indexes are the last line of defence).
 */
export class DigidCertificateService {
  constructor(
    private readonly secretKey: Buffer,
    private readonly audit: AuditService,
  ) {}

  private async rows(em: EntityManager, lock = false): Promise<Row[]> {
    return q.unretiredCertificates(em, lock);
  }

  /** Every certificate, the ones in use first, retired ones last (newest first within a state). */
  async list(ctx: RequestContext): Promise<DigidCertificateRecord[]> {
    const rows = await q.allCertificates(ctx.em);
    return rows.map(toRecord).sort((a, b) => STATE_ORDER.indexOf(a.state) - STATE_ORDER.indexOf(b.state));
  }

  async find(ctx: RequestContext, id: string): Promise<DigidCertificateRecord | null> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
    const row = await q.certificateById(ctx.em, id);
    return row ? toRecord(row) : null;
  }

  /** The current, next and previous certificates with the keys of the current and previous ones (decrypted). */
  /** When the certificate in use expires (null when none is): the operator console's health. */
  async currentExpiry(em: EntityManager): Promise<Date | null> {
    const notAfter = await q.currentNotAfter(em);
    return notAfter ? new Date(notAfter) : null;
  }

  async credentials(em: EntityManager): Promise<ActiveCredentials> {
    const rows = await q.activeCertificates(em);
    const of = (state: CertificateState) => rows.find((r) => r.state === state);
    const withKey = (r: Row | undefined) =>
      r
        ? {
            id: r.id,
            keyPem: decryptSecret(this.secretKey, r.private_key_sealed),
            certPem: r.certificate_pem!,
            notAfter: new Date(r.not_after!),
          }
        : null;
    const next = of('NEXT');
    return {
      current: withKey(of('CURRENT')),
      next: next ? { id: next.id, certPem: next.certificate_pem!, notAfter: new Date(next.not_after!) } : null,
      previous: withKey(of('PREVIOUS')),
    };
  }

  /**
   * The certificate whose expiry the dashboard warns about: the current one, or when a next one is already
   * published, that one (then the rollover is on its way and only the next one's expiry matters). Null outside
   * the warning window or when nothing is in use.
   */
  async expiryWarning(
    ctx: RequestContext,
  ): Promise<{ certificateId: string; state: CertificateState; notAfter: Date; daysLeft: number } | null> {
    const rows = await q.expiringCertificates(ctx.em);
    const chosen = rows.find((r) => r.state === 'NEXT') ?? rows.find((r) => r.state === 'CURRENT');
    if (!chosen) return null;
    const notAfter = new Date(chosen.not_after!);
    const left = daysLeft(ctx.clock.now(), notAfter);
    if (left > EXPIRY_WARNING_DAYS) return null;
    return { certificateId: chosen.id, state: chosen.state, notAfter, daysLeft: left };
  }

  /** Step 1: a new key pair (RSA 3072) and the CSR for the PKIoverheid certificate. */
  async generate(ctx: RequestContext, subject: CertificateSubject): Promise<Result<DigidCertificateRecord>> {
    const organization = subject.organization.trim();
    const commonName = subject.commonName.trim().toLowerCase();
    const oin = subject.serialNumber?.replace(/\s+/g, '') || null;
    const errors: UserError[] = [];
    if (!ORGANIZATION.test(organization))
      errors.push(
        UserError.of(
          'organization',
          'INVALID',
          'Vul de naam van de gemeente in zoals die in het certificaat moet staan (2 tot 64 tekens).',
        ),
      );
    if (!HOST.test(commonName))
      errors.push(
        UserError.of(
          'commonName',
          'INVALID',
          'Vul de hostnaam van de dienst in, bijvoorbeeld gemeentewinkel.gemeente.nl (zonder https://).',
        ),
      );
    if (oin && !OIN.test(oin))
      errors.push(
        UserError.of(
          'serialNumber',
          'INVALID',
          'Een OIN bestaat uit 20 cijfers. Laat het veld leeg als de CA er niet om vraagt.',
        ),
      );
    const [first, ...rest] = errors;
    if (first) return fail(first, ...rest);

    const made = await generateKeyAndCsr({ organization, commonName, serialNumber: oin });
    const id = await transactional(ctx, async (tx) => {
      const certificateId = await q.insertPending(tx.em, {
        organization,
        commonName,
        serialNumber: oin,
        publicKeySpki: made.publicKeySpki,
        privateKeySealed: encryptSecret(this.secretKey, made.privateKeyPem),
        csrPem: made.csrPem,
        createdAt: ctx.clock.now(),
        createdById: ctx.viewer.kind === Audience.STAFF ? ctx.viewer.adminAccountId : null,
      });
      await this.audit.record(tx, {
        action: 'digid_certificate.generated',
        subjectType: 'digid_certificate',
        subjectId: certificateId,
        details: { commonName, withOin: Boolean(oin) },
      });
      return certificateId;
    });
    ctx.log.info({ event: 'digid_certificate_generated', certificateId: id }, 'DigiD key pair and CSR generated');
    return ok((await this.find(ctx, id))!);
  }

  /**
   * Step 2: the certificate the CA issued for the CSR. Refused when it is not a certificate, does not belong to this
   * key, is not valid yet or has expired.
   */
  async upload(ctx: RequestContext, id: string, pem: string): Promise<Result<DigidCertificateRecord>> {
    const facts = readCertificate(pem ?? '');
    if (!facts)
      return problem(
        'certificate',
        'NOT_A_CERTIFICATE',
        'Dit is geen certificaat. Plak het certificaat in PEM-vorm (het begint met -----BEGIN CERTIFICATE-----) of kies het .pem- of .crt-bestand.',
      );
    const outcome = await transactional(ctx, async (tx): Promise<Result<null>> => {
      const row = await q.lockCertificate(tx.em, id);
      if (!row) return problem(null, 'NOT_FOUND', 'Dit sleutelpaar bestaat niet (meer).');
      if (row.state !== 'PENDING' && row.state !== 'READY')
        return problem(
          null,
          'WRONG_STATE',
          'Bij dit sleutelpaar kunt u geen certificaat meer uploaden: het is al gepubliceerd of in gebruik.',
        );
      if (facts.publicKeySpki !== row.public_key_spki)
        return problem(
          'certificate',
          'KEY_MISMATCH',
          'Dit certificaat hoort niet bij dit sleutelpaar: de publieke sleutel is anders. Upload het certificaat dat voor deze aanvraag (CSR) is uitgegeven.',
        );
      const now = ctx.clock.now();
      if (facts.notAfter <= now)
        return problem('certificate', 'EXPIRED', 'Dit certificaat is verlopen. Vraag een nieuw certificaat aan.');
      if (facts.notBefore > now)
        return problem(
          'certificate',
          'NOT_YET_VALID',
          'Dit certificaat is nog niet geldig. Upload het op of na de begindatum van het certificaat.',
        );
      await q.storeUploaded(tx.em, id, facts, now);
      await this.audit.record(tx, {
        action: 'digid_certificate.uploaded',
        subjectType: 'digid_certificate',
        subjectId: id,
        details: { serial: facts.serial, notAfter: facts.notAfter.toISOString(), replaced: row.state === 'READY' },
      });
      return ok(null);
    });
    if (!outcome.ok) return outcome;
    return ok((await this.find(ctx, id))!);
  }

  /** Step 3: publish as the next certificate in the metadata (beside the current one). */
  async publish(ctx: RequestContext, id: string): Promise<Result<DigidCertificateRecord>> {
    return this.step(ctx, id, 'digid_certificate.published', async (tx, row, all) => {
      if (row.state !== 'READY')
        return problem(
          null,
          'WRONG_STATE',
          'Alleen een sleutelpaar met een geüpload certificaat kan worden gepubliceerd.',
        );
      if (all.some((r) => r.state === 'NEXT'))
        return problem(
          null,
          'NEXT_EXISTS',
          'Er is al een volgend certificaat gepubliceerd. Stap daar eerst op over of trek het terug.',
        );
      if (new Date(row.not_after!) <= ctx.clock.now())
        return problem(null, 'EXPIRED', 'Dit certificaat is intussen verlopen. Vraag een nieuw certificaat aan.');
      await q.markNext(tx.em, id, ctx.clock.now());
      return ok({});
    });
  }

  /**
   * Step 4: switch over. The next certificate becomes the current one; the current one becomes PREVIOUS (still in
   * the metadata, still usable) and a PREVIOUS before it is retired. With no current certificate yet (the first
   * one), a READY certificate may be switched to directly.
   */
  async activate(ctx: RequestContext, id: string): Promise<Result<DigidCertificateRecord>> {
    return this.step(ctx, id, 'digid_certificate.activated', async (tx, row, all) => {
      const current = all.find((r) => r.state === 'CURRENT');
      const firstOne = !current && row.state === 'READY';
      if (row.state !== 'NEXT' && !firstOne)
        return problem(
          null,
          'WRONG_STATE',
          'Publiceer dit certificaat eerst als volgend certificaat in de metadata, zodat DigiD het kent voordat u overstapt.',
        );
      if (new Date(row.not_after!) <= ctx.clock.now())
        return problem(null, 'EXPIRED', 'Dit certificaat is intussen verlopen. Vraag een nieuw certificaat aan.');
      const now = ctx.clock.now();
      const retiredPrevious = all.find((r) => r.state === 'PREVIOUS');
      if (retiredPrevious) await q.markRetired(tx.em, retiredPrevious.id, now);
      if (current) await q.markPrevious(tx.em, current.id, now);
      await q.markCurrent(tx.em, id, now);
      return ok({ previousId: current?.id ?? null, retiredId: retiredPrevious?.id ?? null });
    });
  }

  /**
   * Step 5: retire. The previous certificate leaves the metadata; a next one is withdrawn; an unused key pair
   * (pending or ready) is discarded. The current certificate cannot be retired: switch to another one first.
   */
  async retire(ctx: RequestContext, id: string): Promise<Result<DigidCertificateRecord>> {
    return this.step(ctx, id, 'digid_certificate.retired', async (tx, row) => {
      if (row.state === 'CURRENT')
        return problem(
          null,
          'IN_USE',
          'Het huidige certificaat kunt u niet intrekken: dan kan niemand meer inloggen met DigiD. Stap eerst over op een nieuw certificaat.',
        );
      if (row.state === 'RETIRED') return problem(null, 'WRONG_STATE', 'Dit certificaat is al ingetrokken.');
      await q.markRetired(tx.em, id, ctx.clock.now());
      return ok({ from: row.state });
    });
  }

  /** One rollover step: the store locked, the row checked and changed, the audit row, in one transaction. */
  private async step(
    ctx: RequestContext,
    id: string,
    action: AuditAction,
    work: (tx: RequestContext, row: Row, all: Row[]) => Promise<Result<Record<string, unknown>>>,
  ): Promise<Result<DigidCertificateRecord>> {
    const outcome = await transactional(ctx, async (tx): Promise<Result<null>> => {
      const all = await this.rows(tx.em, true);
      const row = all.find((r) => r.id === id);
      if (!row) {
        const exists = await this.find(tx, id);
        return exists
          ? problem(null, 'WRONG_STATE', 'Dit certificaat is al ingetrokken.')
          : problem(null, 'NOT_FOUND', 'Dit certificaat bestaat niet (meer).');
      }
      const done = await work(tx, row, all);
      if (!done.ok) return done;
      await this.audit.record(tx, {
        action,
        subjectType: 'digid_certificate',
        subjectId: id,
        details: { from: row.state, serial: row.certificate_serial, ...done.value },
      });
      return ok(null);
    });
    if (!outcome.ok) return outcome;
    ctx.log.info({ event: action.replace('.', '_'), certificateId: id }, 'DigiD certificate rollover step');
    return ok((await this.find(ctx, id))!);
  }
}
