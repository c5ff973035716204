import type { EntityManager } from '@mikro-orm/postgresql';
import { executeNative } from '../../kernel/sql.js';

/** A template's texts as stored: formal, and informal when set. */
export interface TemplateTexts {
  key: string;
  subject: string;
  body: string;
  informalSubject: string | null;
  informalBody: string | null;
}

/**
 * The texts of the templates with these keys, in one prepared statement (no entities): what a sender renders on every
 * order status change (a checkout's inbox messages). Plain function, no rules.
 */
export function templateTexts(em: EntityManager, keys: readonly string[]): Promise<TemplateTexts[]> {
  return executeNative<TemplateTexts>(
    em,
    `select key, subject, body, informal_subject as "informalSubject", informal_body as "informalBody"
       from communication_template where key = any(?::text[])`,
    [[...keys]],
    { prepared: true },
  );
}
