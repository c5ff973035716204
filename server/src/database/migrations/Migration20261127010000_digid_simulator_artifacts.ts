import { Migration } from '@mikro-orm/migrations';

/**
 * The DigiD simulator's artifacts (outside production): the one-time artifact the simulator page hands out is kept
 * here, not in one process's memory, so a log-in started on one instance can come back on another. The key is the
 * SHA-256 of the artifact (the artifact itself never sits in the database); the BSN is encrypted like any other
 * (crypto/bsn.ts). A row is deleted when it is used; rows past `expires_at` go at the next artifact.
 */
export class Migration20261127010000_digid_simulator_artifacts extends Migration {
  override up(): void {
    this.addSql(`
      create table digid_simulator_artifact (
        key text primary key,
        bsn_encrypted text not null,
        expires_at timestamptz not null
      );`);
    this.addSql(`create index digid_simulator_artifact_expires_idx on digid_simulator_artifact (expires_at);`);
  }
}
