import { Migration } from '@mikro-orm/migrations';

/**
 * An audit log for people (issue 26), with the fields of Logius's "Logboek Dataverwerkingen": which processing
 * activity (`processing_activity`, the register in modules/audit/audit-catalogue.ts gives its purpose and legal basis),
 * why (`reason`, when the actor stated one), about whom (`subject_person_id`, `subject_household_id`), which fields
 * were read (`fields`), and in whose log (`municipality_id`, for scope). `request_id` already links the rows of one
 * request (the trace id).
 *
 * Old rows stay as they were written, except that these new columns are filled where the old row says it (the subject
 * was a person or a household, or the details name one): only for that the append-only trigger is off during this
 * migration. Old codes are mapped to their names by the catalogue when read.
 *
 * AUDIT_LOG_READ: reading and exporting the audit log (the privacy officer), held by the Beheerder.
 */
export class Migration20261129030000_audit_for_people extends Migration {
  override up(): void {
    this.addSql(`
      alter table audit_log
        add column processing_activity text,
        add column reason text,
        add column fields text[],
        add column subject_person_id uuid,
        add column subject_household_id uuid,
        add column municipality_id uuid;`);
    this.addSql(`alter table audit_log disable trigger audit_log_append_only;`);
    this.addSql(`
      update audit_log l set subject_person_id = p.id, subject_household_id = p.client_group_id,
                             municipality_id = p.municipality_id
        from person p
       where p.id::text = case when l.subject_type in ('person', 'Person') then l.subject_id
                               else l.details ->> 'personId' end;`);
    this.addSql(`
      update audit_log l set subject_household_id = g.id, municipality_id = g.municipality_id
        from client_group g
       where l.subject_household_id is null
         and g.id::text = case when l.subject_type in ('client_group', 'ClientGroup') then l.subject_id
                               else l.details ->> 'clientGroupId' end;`);
    this.addSql(`
      update audit_log l set subject_household_id = o.client_group_id, municipality_id = o.municipality_id
        from customer_order o
       where l.subject_household_id is null and l.subject_type in ('order', 'Order') and o.id::text = l.subject_id;`);
    this.addSql(`
      update audit_log set municipality_id = m.id
        from municipality m
       where audit_log.municipality_id is null
         and m.id::text = coalesce(case when audit_log.subject_type = 'municipality' then audit_log.subject_id end,
                                   audit_log.details ->> 'municipalityId', audit_log.details ->> 'operatorMunicipalityId');`);
    this.addSql(`alter table audit_log enable trigger audit_log_append_only;`);
    this.addSql(
      `create index audit_log_subject_person_idx on audit_log (subject_person_id, at desc) where subject_person_id is not null;`,
    );
    this.addSql(
      `create index audit_log_subject_household_idx on audit_log (subject_household_id, at desc) where subject_household_id is not null;`,
    );
    this.addSql(`create index audit_log_municipality_idx on audit_log (municipality_id, at desc, id desc);`);
    this.addSql(`
      update role set permissions = array_append(permissions, 'AUDIT_LOG_READ')
       where key = 'BEHEERDER' and not ('AUDIT_LOG_READ' = any(permissions));`);
  }

  override down(): void {
    this.addSql(
      `update role set permissions = array_remove(permissions, 'AUDIT_LOG_READ') where 'AUDIT_LOG_READ' = any(permissions);`,
    );
    this.addSql(
      `drop index audit_log_subject_person_idx, audit_log_subject_household_idx, audit_log_municipality_idx;`,
    );
    this.addSql(`
      alter table audit_log drop column processing_activity, drop column reason, drop column fields,
        drop column subject_person_id, drop column subject_household_id, drop column municipality_id;`);
  }
}
