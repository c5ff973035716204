import { Migration } from '@mikro-orm/migrations';

/**
 * DigiD (SAML): the artifacts and AuthnRequest ids already used, so a replayed artifact or a second response to one
 * request is refused by every instance. Keys are `artifact:<SHA-256>` or `request:<id>`; rows go after `expires_at`.
 */
export class Migration20261126060000_digid_saml_replay extends Migration {
  override up(): void {
    this.addSql(`
      create table digid_saml_replay (
        key text primary key,
        expires_at timestamptz not null
      );`);
    this.addSql(`create index digid_saml_replay_expires_idx on digid_saml_replay (expires_at);`);
  }
}
