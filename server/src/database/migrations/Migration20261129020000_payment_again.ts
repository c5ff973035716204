import { Migration } from '@mikro-orm/migrations';

/**
 * "Eigen bijdrage betalen" on an unpaid order (issue 26): a checkout may now have more than one payment, one after the
 * other — the earlier one is cancelled at the payment service provider before the next is opened there. A checkout
 * has at most one payment that is OPEN and not yet at the PSP (external_id null): the reservation a second click
 * finds (and reuses) instead of making another.
 */
export class Migration20261129020000_payment_again extends Migration {
  override up(): void {
    this.addSql(`alter table payment drop constraint payment_checkout_id_key;`);
    this.addSql(`create index payment_checkout_idx on payment (checkout_id, created_at);`);
    this.addSql(
      `create unique index payment_checkout_reserved_unique on payment (checkout_id) where status = 'OPEN' and external_id is null;`,
    );
  }
}
