import { Migration } from '@mikro-orm/migrations';

/**
 * The offer is each municipality's own decision (DESIGN.md section 4).
 *
 * - `product_approval`: one decision per product × municipality (PENDING, APPROVED, REJECTED with a reason), opened
 *   when the product is submitted (for every municipality where its provider is an approved member) or when a
 *   membership is approved later. A decision only counts while the provider's membership there is APPROVED; the row
 *   stays when the membership ends, so it is history, not offer.
 * - `product.status` stays the provider's lifecycle and becomes a summary of the decisions for lists (see
 *   modules/catalogue/product-approval.ts): the old single decision (`rejection_reason`, `reviewed_at`) moves into
 *   the rows and the columns go.
 * - Carry-over: an APPROVED product is approved in every municipality where its provider is an approved member, a
 *   SUBMITTED one is pending there, a REJECTED one is rejected there with its reason.
 * - The PRODUCT_APPROVED / PRODUCT_REJECTED mails name the municipality that decided ({{municipalityName}}); a text
 *   staff already edited is left alone.
 */
export class Migration20261124000300_product_approvals extends Migration {
  override up(): void {
    this.addSql(`
      create table product_approval (
        id uuid primary key default gen_random_uuid(),
        product_id uuid not null references product(id) on delete cascade,
        municipality_id uuid not null references municipality(id),
        status text not null default 'PENDING' check (status in ('PENDING','APPROVED','REJECTED')),
        reason text check (reason is null or char_length(reason) <= 2000),
        requested_at timestamptz not null default now(),
        decided_at timestamptz,
        decided_by_id uuid references admin_account(id) on delete set null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        unique (product_id, municipality_id),
        constraint product_approval_rejection_has_reason
          check (status <> 'REJECTED' or (reason is not null and char_length(btrim(reason)) > 0)),
        constraint product_approval_decided
          check ((status = 'PENDING') = (decided_at is null))
      );`);
    // The review queue and the rejected list per municipality; the offer looks rows up by (product, municipality).
    this.addSql(`create index product_approval_queue_idx on product_approval (municipality_id, status, requested_at);`);

    this.addSql(carryOverSql());
    // Products whose provider is an approved member nowhere have no decision that counts: they wait as SUBMITTED.
    this.addSql(`
      update product p set status = 'SUBMITTED'
       where p.status in ('APPROVED','REJECTED')
         and not exists (select 1 from provider_membership pm where pm.provider_id = p.provider_id and pm.status = 'APPROVED');`);

    this.addSql(`alter table product drop constraint product_rejection_has_reason;`);
    this.addSql(`alter table product drop column rejection_reason, drop column reviewed_at;`);

    for (const t of TEMPLATE_UPDATES) {
      this.addSql(
        `update communication_template set subject = ${sql(t.subject)}, body = ${sql(t.body)}, updated_at = now()
          where key = ${sql(t.key)} and subject = ${sql(t.oldSubject)} and body = ${sql(t.oldBody)};`,
      );
    }
  }

  override down(): void {
    for (const t of TEMPLATE_UPDATES) {
      this.addSql(
        `update communication_template set subject = ${sql(t.oldSubject)}, body = ${sql(t.oldBody)}, updated_at = now()
          where key = ${sql(t.key)} and subject = ${sql(t.subject)} and body = ${sql(t.body)};`,
      );
    }
    this.addSql(`alter table product add column rejection_reason text, add column reviewed_at timestamptz;`);
    this.addSql(`
      update product p set
        rejection_reason = (select string_agg(pa.reason, ' ' order by pa.decided_at) from product_approval pa
                             where pa.product_id = p.id and pa.status = 'REJECTED'),
        reviewed_at = (select max(pa.decided_at) from product_approval pa where pa.product_id = p.id);`);
    this.addSql(
      `update product set rejection_reason = 'Afgekeurd.' where status = 'REJECTED' and rejection_reason is null;`,
    );
    this.addSql(`
      alter table product add constraint product_rejection_has_reason
        check (status <> 'REJECTED' or (rejection_reason is not null and char_length(btrim(rejection_reason)) > 0));`);
    this.addSql(`drop table product_approval;`);
  }
}

/** The old single decision, copied to every municipality where the provider is an approved member. */
function carryOverSql(): string {
  return `
    insert into product_approval (product_id, municipality_id, status, reason, requested_at, decided_at, created_at, updated_at)
    select p.id, pm.municipality_id,
           case p.status when 'SUBMITTED' then 'PENDING' else p.status end,
           case when p.status = 'REJECTED' then p.rejection_reason end,
           coalesce(p.submitted_at, p.created_at),
           case when p.status in ('APPROVED','REJECTED') then coalesce(p.reviewed_at, p.updated_at) end,
           now(), now()
      from product p
      join provider_membership pm on pm.provider_id = p.provider_id and pm.status = 'APPROVED'
     where p.status in ('SUBMITTED','APPROVED','REJECTED')
    on conflict (product_id, municipality_id) do nothing;`;
}

const sql = (value: string) => `'${value.replace(/'/g, "''")}'`;

const TEMPLATE_UPDATES = [
  {
    key: 'PRODUCT_APPROVED',
    oldSubject: 'Uw product "{{productTitle}}" is goedgekeurd',
    oldBody: `Beste {{providerName}},

Uw product "{{productTitle}}" is goedgekeurd en staat nu in het aanbod.

Bekijk het product:
{{productLink}}

Met vriendelijke groet,
De Gemeentewinkel`,
    subject: 'Uw product "{{productTitle}}" is goedgekeurd door {{municipalityName}}',
    body: `Beste {{providerName}},

{{municipalityName}} heeft uw product "{{productTitle}}" goedgekeurd. Het staat nu in het aanbod voor de inwoners van {{municipalityName}}.

Bekijk het product en de beoordeling per gemeente:
{{productLink}}

Met vriendelijke groet,
De Gemeentewinkel`,
  },
  {
    key: 'PRODUCT_REJECTED',
    oldSubject: 'Uw product "{{productTitle}}" is afgekeurd',
    oldBody: `Beste {{providerName}},

Uw product "{{productTitle}}" is afgekeurd. De reden:

{{reason}}

U kunt het product aanpassen en opnieuw indienen:
{{productLink}}

Met vriendelijke groet,
De Gemeentewinkel`,
    subject: 'Uw product "{{productTitle}}" is afgekeurd door {{municipalityName}}',
    body: `Beste {{providerName}},

{{municipalityName}} heeft uw product "{{productTitle}}" afgekeurd. Het staat daarom niet in het aanbod voor de inwoners van {{municipalityName}}. De reden:

{{reason}}

U kunt het product aanpassen en opnieuw indienen:
{{productLink}}

Met vriendelijke groet,
De Gemeentewinkel`,
  },
];
