import { Entity, Property } from '@mikro-orm/decorators/legacy';
import { TimestampedEntity } from '../../platform/entity.js';

/**
 * An e-mail template (sjabloon): Liquid text ({{ variable }}) in a formal ("u") and an informal ("je") variant; the
 * communication setting `wording` picks the variant. The defaults are inserted by migrations and kept in `default_*`
 * for "Standaardtekst herstellen"; staff with TEMPLATE_EDIT change the texts through TemplateService. Which variables
 * a key may use is listed in templates.ts.
 */
@Entity({ tableName: 'communication_template' })
export class CommunicationTemplate extends TimestampedEntity {
  /** Stable key the application sends it by, e.g. PASSWORD_RESET. */
  @Property({ type: 'text', unique: true })
  key!: string;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text' })
  subject!: string;

  @Property({ type: 'text' })
  body!: string;

  /** The "je" variant; null: none, the formal text is used. */
  @Property({ type: 'text', nullable: true })
  informalSubject?: string | null;

  @Property({ type: 'text', nullable: true })
  informalBody?: string | null;

  @Property({ type: 'text', nullable: true })
  defaultSubject?: string | null;

  @Property({ type: 'text', nullable: true })
  defaultBody?: string | null;

  @Property({ type: 'text', nullable: true })
  defaultInformalSubject?: string | null;

  @Property({ type: 'text', nullable: true })
  defaultInformalBody?: string | null;
}
