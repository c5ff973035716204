import { Directive } from 'type-graphql';
import {
  DirectiveLocation,
  GraphQLDirective,
  GraphQLEnumType,
  GraphQLNonNull,
  isObjectType,
  type GraphQLSchema,
} from 'graphql';
import { getDirective } from '@graphql-tools/utils';

/**
 * Personal data of residents in the schema (AVG). One decorator, `@PersonalData(kind)`, marks a field; the mark is
 * printed into schema/schema.graphql as `@personalData(kind: …)`, and the schema itself enforces it: every marked
 * field's resolver is wrapped (auditPersonalDataReads in personal-data-audit.ts) so that a read by a staff member or an API client is
 * noted for the request, and the request's reads are written to the audit log in one insert before the response
 * leaves (personalDataAuditPlugin). What is recorded: who, which object (type and id) and which fields — never a value.
 * Customers reading their own data and provider users are not recorded by this mechanism.
 *
 * This file is the mark (what type files import); the enforcement, which needs the request context and the audit
 * service, is personal-data-audit.ts (used by the schema and the HTTP app only).
 */
export enum PersonalDataKind {
  BSN = 'BSN',
  NAME = 'NAME',
  BIRTH_DATE = 'BIRTH_DATE',
  CONTACT = 'CONTACT',
  CLIENT_NUMBER = 'CLIENT_NUMBER',
  CARD_NUMBER = 'CARD_NUMBER',
  HOUSEHOLD = 'HOUSEHOLD',
  FINANCIAL = 'FINANCIAL',
  FREE_TEXT = 'FREE_TEXT',
}

export const PERSONAL_DATA_KIND_DESCRIPTIONS: Record<PersonalDataKind, string> = {
  BSN: 'The burgerservicenummer, masked or in full: the most sensitive kind.',
  NAME: 'The name of a resident or of their household.',
  BIRTH_DATE: 'A date of birth.',
  CONTACT: 'An e-mail address or phone number.',
  CLIENT_NUMBER:
    'The municipality’s client number of a person or household: it identifies them in the municipality’s own systems.',
  CARD_NUMBER: 'The full number of a card (pas).',
  HOUSEHOLD: 'Who belongs to a household.',
  FINANCIAL: 'Money and purchases of a household: budgets, bookings, orders and payments.',
  FREE_TEXT: 'Text written to or about a resident: messages, reasons.',
};

export const PERSONAL_DATA_DIRECTIVE = 'personalData';

/**
 * The kinds an API client with a registered public key (beheer/api/encryptie) receives only as JWE compact strings:
 * the BSN, masked or in full. Names, contact details and the rest stay plain: the client needs them to work with, and
 * the connection is TLS; the BSN is what must never sit readable in a partner's logs or caches.
 */
export const ENCRYPTED_KINDS: ReadonlySet<PersonalDataKind> = new Set([PersonalDataKind.BSN]);

/** Added to the description of every field of an encrypted kind. */
export const ENCRYPTED_FIELD_NOTE =
  'For an API client with a registered public key this value is a JWE compact string encrypted to that key ' +
  '(alg RSA-OAEP-256 or ECDH-ES, enc A256GCM, `kid` header = the key id; an older key still valid can be chosen with ' +
  'the X-Encryption-Key-Id header); decrypt it with the private key.';

/** Marks a field as personal data of a resident: printed as `@personalData(kind: …)` and audited on every staff or API-client read. */
export function PersonalData(kind: PersonalDataKind): MethodDecorator & PropertyDecorator {
  return Directive(`@${PERSONAL_DATA_DIRECTIVE}(kind: ${kind})`);
}

export function personalDataKindEnum(): GraphQLEnumType {
  return new GraphQLEnumType({
    name: 'PersonalDataKind',
    description: 'What kind of personal data a field marked with @personalData carries.',
    values: Object.fromEntries(
      Object.entries(PERSONAL_DATA_KIND_DESCRIPTIONS).map(([value, description]) => [value, { value, description }]),
    ),
  });
}

export function personalDataDirective(kindEnum: GraphQLEnumType): GraphQLDirective {
  return new GraphQLDirective({
    name: PERSONAL_DATA_DIRECTIVE,
    description:
      'Personal data of a resident (AVG). Every read of this field by a staff member or an API client is recorded in the audit log: ' +
      'who, when, which object and which fields, never the value. `kind` says what kind of personal data it is.',
    locations: [DirectiveLocation.FIELD_DEFINITION],
    args: {
      kind: { type: new GraphQLNonNull(kindEnum), description: 'What kind of personal data the field carries.' },
    },
  });
}

export interface PersonalDataField {
  typeName: string;
  fieldName: string;
  kind: PersonalDataKind;
}

/** Every field the schema marks with @personalData, read from the schema itself. */
export function personalDataFields(schema: GraphQLSchema): PersonalDataField[] {
  const fields: PersonalDataField[] = [];
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      const mark = getDirective(schema, field, PERSONAL_DATA_DIRECTIVE)?.[0];
      if (mark) fields.push({ typeName: type.name, fieldName: field.name, kind: mark.kind as PersonalDataKind });
    }
  }
  return fields;
}
