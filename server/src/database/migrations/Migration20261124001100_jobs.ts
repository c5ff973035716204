import { Migration } from '@mikro-orm/migrations';

/**
 * The job queue (graphile-worker) keeps its tables and functions in the schema `graphile_worker`. They are created
 * and upgraded by the library's own migration function, which our migrate step (database/orm.ts → jobs/worker.ts
 * migrateJobQueue) runs before these migrations, every time: a newer graphile-worker brings its own upgrades.
 * This migration only makes sure that happened, so no later migration or service runs against a database without
 * the queue (`add_job` is what business transactions call to enqueue work).
 */
export class Migration20261124001100_jobs extends Migration {
  override up(): void {
    this.addSql(`
      do $$
      begin
        if to_regprocedure('graphile_worker.add_job(text, json, text, timestamptz, integer, text, integer, text[], text)') is null then
          raise exception 'The job queue schema (graphile_worker) is missing: run the migrate step of database/orm.ts, which installs it first.';
        end if;
      end $$;`);
  }
}
