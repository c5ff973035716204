import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/database.js';
import { migrationsList } from './migrations/index.js';
import { migrate } from './orm.js';
import { inOffer } from '../modules/catalogue/product-approval.js';

/**
 * Migration20261124000300_product_approvals on a database with data of the old model (one decision per product):
 * the database is migrated up to the migration before it, filled the old way, and then migrated to the end.
 */
const MIGRATION = 'Migration20261124000300_product_approvals';

describe(MIGRATION, () => {
  let db: TestDatabase;
  const ids: Record<string, string> = {};

  const one = async <T>(sql: string, params: unknown[] = []) => (await db.orm.em.fork().execute<T[]>(sql, params))[0]!;
  const insert = async (key: string, sql: string, params: unknown[] = []) => {
    ids[key] = (await one<{ id: string }>(`${sql} returning id`, params)).id;
  };

  beforeAll(async () => {
    db = await createTestDatabase({ migrate: false });
    const index = migrationsList.findIndex((m) => m.name === MIGRATION);
    expect(index).toBeGreaterThan(0);
    await db.orm.migrator.up({ to: migrationsList[index - 1]!.name });
    expect((await db.orm.migrator.getPending()).map((m) => m.name)).toContain(MIGRATION);

    // The old model: the product's own status, rejection_reason and reviewed_at.
    await insert('zuiderveen', `insert into municipality (name, slug) values ('Gemeente Zuiderveen', 'zuiderveen')`);
    await insert(
      'noorderhaven',
      `insert into municipality (name, slug) values ('Gemeente Noorderhaven', 'noorderhaven')`,
    );
    await insert('category', `insert into category (name, slug) values ('Sport', 'sport')`);
    const provider = (key: string, kvk: string) =>
      insert(
        key,
        `insert into provider (name, slug, kvk_number, iban, email) values (?, ?, ?, 'NL91ABNA0417164300', 'info@example.org')`,
        [`Aanbieder ${key}`, key, kvk],
      );
    await provider('both', '10000001'); // approved in both municipalities
    await provider('left', '10000002'); // approved in Zuiderveen, withdrew from Noorderhaven
    await provider('waiting', '10000003'); // membership still pending
    const member = (p: string, m: string, status: string) =>
      db.orm.em
        .fork()
        .execute(`insert into provider_membership (provider_id, municipality_id, status) values (?, ?, ?)`, [
          ids[p],
          ids[m],
          status,
        ]);
    await member('both', 'zuiderveen', 'APPROVED');
    await member('both', 'noorderhaven', 'APPROVED');
    await member('left', 'zuiderveen', 'APPROVED');
    await member('left', 'noorderhaven', 'WITHDRAWN');
    await member('waiting', 'zuiderveen', 'PENDING');
    const product = (key: string, p: string, status: string, reason: string | null = null) =>
      insert(
        key,
        `insert into product (provider_id, category_id, title, slug, price_cents, status, rejection_reason, submitted_at, reviewed_at)
         values (?, ?, ?, ?, 1000, ?, ?, ?, ?)`,
        [
          ids[p],
          ids.category,
          `Product ${key}`,
          key.toLowerCase(),
          status,
          reason,
          status === 'DRAFT' ? null : '2026-03-01T10:00:00Z',
          ['APPROVED', 'REJECTED'].includes(status) ? '2026-03-02T11:00:00Z' : null,
        ],
      );
    await product('approved', 'both', 'APPROVED');
    await product('submitted', 'both', 'SUBMITTED');
    await product('rejected', 'both', 'REJECTED', 'Vermeld de leeftijden.');
    await product('draft', 'both', 'DRAFT');
    await product('archived', 'both', 'ARCHIVED');
    await product('leftapproved', 'left', 'APPROVED');
    await product('waitingapproved', 'waiting', 'APPROVED');
    await product('waitingsubmitted', 'waiting', 'SUBMITTED');
    // A template text staff edited is kept; the default one is replaced.
    await db.orm.em
      .fork()
      .execute(`update communication_template set body = body || ' Tot ziens!' where key = 'PRODUCT_REJECTED'`);

    // The rest through the migrate step itself: the job queue's schema first (later migrations need it), then ours.
    await migrate(db.orm);
  });
  afterAll(async () => {
    await db?.drop();
  });

  async function decisions(key: string) {
    const rows = await db.orm.em
      .fork()
      .execute<
        { slug: string; status: string; reason: string | null; requested_at: string; decided_at: string | null }[]
      >(
        `select m.slug, pa.status, pa.reason, pa.requested_at, pa.decided_at from product_approval pa
         join municipality m on m.id = pa.municipality_id where pa.product_id = ? order by m.slug`,
        [ids[key]],
      );
    return rows.map((r) => ({
      ...r,
      requested_at: new Date(r.requested_at),
      decided_at: r.decided_at ? new Date(r.decided_at) : null,
    }));
  }
  const status = async (key: string) =>
    (await one<{ status: string }>(`select status from product where id = ?`, [ids[key]])).status;

  it('carries every decision over to each municipality where the provider is an approved member', async () => {
    expect(await decisions('approved')).toEqual([
      {
        slug: 'noorderhaven',
        status: 'APPROVED',
        reason: null,
        requested_at: new Date('2026-03-01T10:00:00Z'),
        decided_at: new Date('2026-03-02T11:00:00Z'),
      },
      {
        slug: 'zuiderveen',
        status: 'APPROVED',
        reason: null,
        requested_at: new Date('2026-03-01T10:00:00Z'),
        decided_at: new Date('2026-03-02T11:00:00Z'),
      },
    ]);
    expect((await decisions('submitted')).map((d) => [d.slug, d.status, d.decided_at])).toEqual([
      ['noorderhaven', 'PENDING', null],
      ['zuiderveen', 'PENDING', null],
    ]);
    expect((await decisions('rejected')).map((d) => [d.slug, d.status, d.reason])).toEqual([
      ['noorderhaven', 'REJECTED', 'Vermeld de leeftijden.'],
      ['zuiderveen', 'REJECTED', 'Vermeld de leeftijden.'],
    ]);
    // Not submitted: nothing to decide.
    expect(await decisions('draft')).toEqual([]);
    expect(await decisions('archived')).toEqual([]);
    // Only where the membership is approved.
    expect((await decisions('leftapproved')).map((d) => [d.slug, d.status])).toEqual([['zuiderveen', 'APPROVED']]);
    expect(await decisions('waitingapproved')).toEqual([]);
    expect(await decisions('waitingsubmitted')).toEqual([]);
  });

  it('keeps the product statuses, except where no municipality can decide any more', async () => {
    expect(await status('approved')).toBe('APPROVED');
    expect(await status('submitted')).toBe('SUBMITTED');
    expect(await status('rejected')).toBe('REJECTED');
    expect(await status('draft')).toBe('DRAFT');
    expect(await status('archived')).toBe('ARCHIVED');
    expect(await status('leftapproved')).toBe('APPROVED');
    expect(await status('waitingapproved')).toBe('SUBMITTED');
    expect(await status('waitingsubmitted')).toBe('SUBMITTED');
    const columns = await db.orm.em
      .fork()
      .execute<{ column_name: string }[]>(
        `select column_name from information_schema.columns where table_name = 'product'`,
      );
    expect(columns.map((c) => c.column_name)).not.toContain('rejection_reason');
    expect(columns.map((c) => c.column_name)).not.toContain('reviewed_at');
  });

  it('puts the same products in each municipality’s offer as before, and no more', async () => {
    const offer = async (municipality: string | null) => {
      const c = inOffer(municipality ? ids[municipality]! : null);
      const rows = await db.orm.em
        .fork()
        .execute<{ slug: string }[]>(`select p.slug from product p where ${c.sql} order by p.slug`, c.params);
      return rows.map((r) => r.slug);
    };
    expect(await offer('zuiderveen')).toEqual(['approved', 'leftapproved']);
    expect(await offer('noorderhaven')).toEqual(['approved']);
    expect(await offer(null)).toEqual(['approved', 'leftapproved']);
  });

  it('names the municipality in the default review mails, and leaves an edited text alone', async () => {
    const approved = await one<{ subject: string; body: string }>(
      `select subject, body from communication_template where key = 'PRODUCT_APPROVED'`,
    );
    expect(approved.subject).toBe('Uw product "{{productTitle}}" is goedgekeurd door {{municipalityName}}');
    expect(approved.body).toContain('{{municipalityName}} heeft uw product "{{productTitle}}" goedgekeurd.');
    const rejected = await one<{ subject: string; body: string }>(
      `select subject, body from communication_template where key = 'PRODUCT_REJECTED'`,
    );
    expect(rejected.subject).toBe('Uw product "{{productTitle}}" is afgekeurd');
    expect(rejected.body).toMatch(/Tot ziens!$/);
  });
});
