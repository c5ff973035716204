import { Migration } from '@mikro-orm/migrations';

const sql = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** The informal ("je") variant of the message to an audience (MASS_MESSAGE), as every other template has one. */
const INFORMAL = {
  subject: '{{subject}}',
  body: `Hoi {{name}},

{{body}}

Je vindt dit bericht ook op de Gemeentewinkel:
{{link}}

Groeten,
De Gemeentewinkel`,
};

export class Migration20261124009000_mass_message_informal extends Migration {
  override up(): void {
    this.addSql(
      `update communication_template
          set informal_subject = coalesce(informal_subject, ${sql(INFORMAL.subject)}),
              informal_body = coalesce(informal_body, ${sql(INFORMAL.body)}),
              default_informal_subject = ${sql(INFORMAL.subject)}, default_informal_body = ${sql(INFORMAL.body)}
        where key = 'MASS_MESSAGE';`,
    );
  }

  override down(): void {
    this.addSql(
      `update communication_template
          set informal_subject = null, informal_body = null, default_informal_subject = null, default_informal_body = null
        where key = 'MASS_MESSAGE';`,
    );
  }
}
