import { Migration } from '@mikro-orm/migrations';

/**
 * Messages (meldingen): a customer's personal inbox now, public announcements later in the same table.
 *
 * - PERSONAL: to one client group (the household); `person_id` narrows it to one member. Order status changes write
 *   one here, in the same transaction as the change. `read_at` is the household's read state.
 * - PUBLIC: an announcement of a municipality for everyone (no client group, no person, never "read").
 */
export class Migration20261122000800_messages extends Migration {
  override up(): void {
    this.addSql(`
      create table message (
        id uuid primary key default gen_random_uuid(),
        audience text not null default 'PERSONAL' check (audience in ('PERSONAL','PUBLIC')),
        municipality_id uuid not null references municipality(id),
        client_group_id uuid references client_group(id),
        person_id uuid references person(id) on delete set null,
        order_id uuid references customer_order(id),
        title text not null check (char_length(title) between 1 and 200),
        body text not null check (char_length(body) between 1 and 10000),
        read_at timestamptz,
        created_at timestamptz not null default now(),
        check (
          (audience = 'PERSONAL' and client_group_id is not null)
          or (audience = 'PUBLIC' and client_group_id is null and person_id is null and read_at is null)
        )
      );`);
    // The inbox, newest first, and its unread count.
    this.addSql(
      `create index message_inbox_idx on message (client_group_id, created_at desc, id desc) where audience = 'PERSONAL';`,
    );
    this.addSql(
      `create index message_unread_idx on message (client_group_id) where audience = 'PERSONAL' and read_at is null;`,
    );
    this.addSql(
      `create index message_public_idx on message (municipality_id, created_at desc, id desc) where audience = 'PUBLIC';`,
    );
    this.addSql(`create index message_order_idx on message (order_id) where order_id is not null;`);
  }
}
