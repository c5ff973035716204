import { Migration } from '@mikro-orm/migrations';

/** The partial indexes of the offer: only the products in the offer of at least one municipality. */
const INDEXES = [
  `create index product_offer_newest_idx on product (created_at desc, id desc) where offer_municipalities <> '{}'`,
  `create index product_offer_price_idx on product (price_cents, id) where offer_municipalities <> '{}'`,
  `create index product_offer_category_idx on product (category_id, created_at desc, id desc)
     where offer_municipalities <> '{}'`,
  `create index product_offer_provider_idx on product (provider_id) where offer_municipalities <> '{}'`,
];

/**
 * What "in the offer" means, kept where a query can read it directly (issue 27, "The offer's uncached path").
 *
 * `product.offer_municipalities` holds the municipalities in whose offer the product is: its summary status is
 * APPROVED, that municipality's decision on it is APPROVED, and the provider's membership of that municipality is
 * APPROVED (the decision counts). Empty: in nobody's offer. The function `product_offer_municipalities()` is the ONE
 * definition of that rule (product-approval.ts reads the column, nothing else repeats the rule); the public offer,
 * its counts, search, the product page, the sitemap, the cart and checkout read the column through partial indexes
 * instead of two nested EXISTS per product (about 20 of the 23 ms of an uncached listing went to counting that way).
 *
 * Never stale: it is kept by triggers, in the same transaction as the change that moves a product in or out of an
 * offer, whatever writes it (a service, the seeder, an import, SQL by hand):
 * - a product's status or provider changes, or a product is inserted: recomputed for that row (BEFORE trigger);
 * - a decision is inserted, changed or deleted: its products are recomputed (once per statement);
 * - a membership is inserted, changed or deleted (approved, withdrawn, rejected; a municipality or provider removed
 *   cascades here): the provider's products are recomputed (once per statement).
 * The recomputation locks the products first (in id order, as the services do) and only then reads decisions and
 * memberships, so two transactions changing the same product's offer at once are serialised on the product row and
 * the second one computes from what the first committed.
 */
export class Migration20261129040000_offer_municipalities extends Migration {
  override up(): void {
    this.addSql(`alter table product add column offer_municipalities uuid[] not null default '{}';`);

    // The definition (parameters by position: in an SQL function a column of the same name would win).
    this.addSql(`
      create function product_offer_municipalities(product uuid, provider uuid, status text) returns uuid[]
      language sql stable parallel safe as $$
        select coalesce(array_agg(pa.municipality_id order by pa.municipality_id), '{}')
          from public.product_approval pa
         where $3 = 'APPROVED' and pa.product_id = $1 and pa.status = 'APPROVED'
           and exists (select 1 from public.provider_membership pm
                        where pm.provider_id = $2 and pm.municipality_id = pa.municipality_id
                          and pm.status = 'APPROVED')
      $$;`);

    // Recomputes the products \`ids\`, locked first; writes only those whose offer changed.
    this.addSql(`
      create function product_offer_refresh(ids uuid[]) returns void language plpgsql as $$
      begin
        if coalesce(cardinality(ids), 0) = 0 then return; end if;
        perform 1 from product where id = any(ids) order by id for update;
        update product p set offer_municipalities = x.offer
          from (select q.id, product_offer_municipalities(q.id, q.provider_id, q.status) as offer
                  from product q where q.id = any(ids)) x
         where p.id = x.id and p.offer_municipalities is distinct from x.offer;
      end $$;`);

    this.addSql(`
      create function product_offer_of_row() returns trigger language plpgsql as $$
      begin
        new.offer_municipalities := product_offer_municipalities(new.id, new.provider_id, new.status);
        return new;
      end $$;`);
    this.addSql(`
      create trigger product_offer before insert or update of status, provider_id on product
        for each row execute function product_offer_of_row();`);

    // Decisions: the products whose decision was added, changed (its status) or removed.
    this.addSql(`
      create function product_offer_after_decisions() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          perform product_offer_refresh(array(select distinct product_id from offer_new where status = 'APPROVED'));
        elsif tg_op = 'DELETE' then
          perform product_offer_refresh(array(select distinct product_id from offer_old where status = 'APPROVED'));
        else
          perform product_offer_refresh(array(
            select distinct n.product_id from offer_new n join offer_old o on o.id = n.id
             where (n.status, n.product_id, n.municipality_id) is distinct from (o.status, o.product_id, o.municipality_id)
            union select o.product_id from offer_new n join offer_old o on o.id = n.id
             where o.product_id <> n.product_id));
        end if;
        return null;
      end $$;`);
    this.addSql(`
      create trigger product_approval_offer_insert after insert on product_approval referencing new table as offer_new
        for each statement execute function product_offer_after_decisions();`);
    this.addSql(`
      create trigger product_approval_offer_update after update on product_approval
        referencing old table as offer_old new table as offer_new
        for each statement execute function product_offer_after_decisions();`);
    this.addSql(`
      create trigger product_approval_offer_delete after delete on product_approval referencing old table as offer_old
        for each statement execute function product_offer_after_decisions();`);

    // Memberships: the submitted products of the providers whose approved membership came, went or changed.
    this.addSql(`
      create function product_offer_after_memberships() returns trigger language plpgsql as $$
      declare
        providers uuid[];
      begin
        if tg_op = 'INSERT' then
          providers := array(select distinct provider_id from offer_new where status = 'APPROVED');
        elsif tg_op = 'DELETE' then
          providers := array(select distinct provider_id from offer_old where status = 'APPROVED');
        else
          providers := array(
            select n.provider_id from offer_new n join offer_old o on o.id = n.id
             where (n.status, n.provider_id, n.municipality_id) is distinct from (o.status, o.provider_id, o.municipality_id)
            union select o.provider_id from offer_new n join offer_old o on o.id = n.id
             where o.provider_id <> n.provider_id);
        end if;
        if cardinality(providers) > 0 then
          perform product_offer_refresh(array(
            select id from product where provider_id = any(providers)
               and (status = 'APPROVED' or offer_municipalities <> '{}')));
        end if;
        return null;
      end $$;`);
    this.addSql(`
      create trigger provider_membership_offer_insert after insert on provider_membership
        referencing new table as offer_new for each statement execute function product_offer_after_memberships();`);
    this.addSql(`
      create trigger provider_membership_offer_update after update on provider_membership
        referencing old table as offer_old new table as offer_new
        for each statement execute function product_offer_after_memberships();`);
    this.addSql(`
      create trigger provider_membership_offer_delete after delete on provider_membership
        referencing old table as offer_old for each statement execute function product_offer_after_memberships();`);

    // The indexes first: an index cannot be built on a table with the deferred catalogue_version triggers pending.
    for (const index of INDEXES) this.addSql(`${index};`);
    // Filled for the products there are (the BEFORE trigger computes each row; only submitted ones can be in an
    // offer); the deferred triggers it queued run now, so a later migration in this transaction may alter the table.
    this.addSql(`update product set status = status where status = 'APPROVED';`);
    this.addSql(`set constraints all immediate;`);
    this.addSql(`analyze product;`);
  }

  override down(): void {
    this.addSql(`
      drop trigger if exists provider_membership_offer_insert on provider_membership;
      drop trigger if exists provider_membership_offer_update on provider_membership;
      drop trigger if exists provider_membership_offer_delete on provider_membership;
      drop trigger if exists product_approval_offer_insert on product_approval;
      drop trigger if exists product_approval_offer_update on product_approval;
      drop trigger if exists product_approval_offer_delete on product_approval;
      drop trigger if exists product_offer on product;
      drop function if exists product_offer_after_memberships();
      drop function if exists product_offer_after_decisions();
      drop function if exists product_offer_of_row();
      drop function if exists product_offer_refresh(uuid[]);
      drop function if exists product_offer_municipalities(uuid, uuid, text);
      drop index if exists product_offer_newest_idx;
      drop index if exists product_offer_price_idx;
      drop index if exists product_offer_category_idx;
      drop index if exists product_offer_provider_idx;
      alter table product drop column if exists offer_municipalities;
    `);
  }
}
