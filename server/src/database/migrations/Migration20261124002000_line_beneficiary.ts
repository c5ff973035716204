import { Migration } from '@mikro-orm/migrations';

/**
 * For whom a cart line and an order line are (issue 9): a household member. A budget that belongs to one member (an
 * assignment with a beneficiary, e.g. a child's Kindpakket) pays only for lines for that member. Null on a cart line:
 * not chosen (the line is for the person who orders); null on an order line: ordered before this existed.
 */
export class Migration20261124002000_line_beneficiary extends Migration {
  override up(): void {
    this.addSql(`alter table cart_line add column beneficiary_id uuid references person(id) on delete set null`);
    this.addSql(`alter table order_line add column beneficiary_id uuid references person(id)`);
  }

  override down(): void {
    this.addSql(`alter table order_line drop column beneficiary_id`);
    this.addSql(`alter table cart_line drop column beneficiary_id`);
  }
}
