import { Directive } from 'type-graphql';
import {
  defaultFieldResolver,
  DirectiveLocation,
  getNamedType,
  GraphQLDirective,
  GraphQLEnumType,
  GraphQLNonNull,
  isObjectType,
  type GraphQLFieldResolver,
  type GraphQLSchema,
} from 'graphql';
import type { ApolloServerPlugin } from '@apollo/server';
import { getDirective, mapSchema, MapperKind } from '@graphql-tools/utils';
import type { Context } from './context.js';
import { auditsReadsOf, type PersonalDataRead } from '../modules/audit/audit.service.js';

/**
 * Personal data of residents in the schema (AVG). One decorator, `@PersonalData(kind)`, marks a field; the mark is
 * printed into schema/schema.graphql as `@personalData(kind: …)`, and the schema itself enforces it: every marked
 * field's resolver is wrapped (auditPersonalDataReads below) so that a read by a staff member or an API client is
 * noted for the request, and the request's reads are written to the audit log in one insert before the response
 * leaves (personalDataAuditPlugin). What is recorded: who, which object (type and id) and which fields — never a value.
 * Customers reading their own data and provider users are not recorded by this mechanism.
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

/** A value of an encrypted kind for an API client: strings (also in lists) as JWE, anything else as it is. */
async function protectValue(ctx: Context, value: unknown): Promise<unknown> {
  const client = ctx.apiClient;
  if (!client || value === null || value === undefined) return value;
  if (typeof value === 'string') return client.protect(value);
  if (Array.isArray(value)) return Promise.all(value.map((v) => protectValue(ctx, v)));
  return value;
}

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

// ---- enforcement --------------------------------------------------------------------------------------------------

/** The reads of one request, per object (type + id): noted while resolving, written once before the response. */
const pendingReads = new WeakMap<Context, Map<string, PendingRead>>();

interface PendingRead {
  subjectType: string;
  subjectId: string | null;
  fields: Set<string>;
  kinds: Set<PersonalDataKind>;
  related: Record<string, string>;
}

/** Ids (never values) that say whose data an object is, when the object carries them. */
const RELATED_IDS = ['personId', 'clientGroupId'] as const;

function noteRead(
  ctx: Context,
  subjectType: string,
  subjectId: string | null,
  field: string,
  kind: PersonalDataKind,
  related: Record<string, string>,
) {
  let reads = pendingReads.get(ctx);
  if (!reads) pendingReads.set(ctx, (reads = new Map()));
  const key = `${subjectType}\u0000${subjectId ?? ''}\u0000${subjectId === null ? JSON.stringify(related) : ''}`;
  let read = reads.get(key);
  if (!read) reads.set(key, (read = { subjectType, subjectId, fields: new Set(), kinds: new Set(), related }));
  read.fields.add(field);
  read.kinds.add(kind);
}

/** Takes (and forgets) the reads noted for this request. */
export function takePersonalDataReads(ctx: Context): PersonalDataRead[] {
  const reads = pendingReads.get(ctx);
  pendingReads.delete(ctx);
  return [...(reads?.values() ?? [])].map((r) => ({
    subjectType: r.subjectType,
    subjectId: r.subjectId,
    fields: [...r.fields].sort(),
    kinds: [...r.kinds].sort(),
    related: r.related,
  }));
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as PromiseLike<unknown> | null)?.then === 'function';
}

/**
 * Wraps the resolver of every field the schema marks with @personalData: a read by a staff member or an API client is
 * noted for the request once the value is resolved; for an API client with a public key, values of ENCRYPTED_KINDS
 * leave as JWE (api-clients/public-keys.ts), and those fields' descriptions say so. The subject is the object the field belongs to (its type and `id`);
 * on Query and Mutation it is the field's ID arguments.
 */
export function auditPersonalDataReads(schema: GraphQLSchema): GraphQLSchema {
  const roots = new Set([schema.getQueryType()?.name, schema.getMutationType()?.name].filter(Boolean));
  return mapSchema(schema, {
    [MapperKind.OBJECT_FIELD]: (fieldConfig, fieldName, typeName, s) => {
      const mark = getDirective(s, fieldConfig, PERSONAL_DATA_DIRECTIVE)?.[0];
      if (!mark) return fieldConfig;
      const kind = mark.kind as PersonalDataKind;
      const resolve: GraphQLFieldResolver<unknown, Context> = fieldConfig.resolve ?? defaultFieldResolver;
      const isRoot = roots.has(typeName);
      const idArgs = Object.entries(fieldConfig.args ?? {})
        .filter(([, arg]) => getNamedType(arg.type).name === 'ID')
        .map(([name]) => name);
      const encrypted = ENCRYPTED_KINDS.has(kind);
      const audited: GraphQLFieldResolver<unknown, Context> = (source, args, ctx, info) => {
        const result = auditedRead(source, args, ctx, info);
        // An API client with a public key gets the BSN only as JWE (ENCRYPTED_KINDS).
        if (encrypted && ctx.apiClient) return Promise.resolve(result).then((value) => protectValue(ctx, value));
        return result;
      };
      const auditedRead: GraphQLFieldResolver<unknown, Context> = (source, args, ctx, info) => {
        if (!auditsReadsOf(ctx.viewer)) return resolve(source, args, ctx, info);
        const result = resolve(source, args, ctx, info);
        const note = () => {
          const related: Record<string, string> = {};
          const object = (source ?? {}) as Record<string, unknown>;
          if (isRoot) {
            for (const name of idArgs) if (typeof args[name] === 'string') related[name] = args[name] as string;
          } else {
            for (const name of RELATED_IDS)
              if (typeof object[name] === 'string') related[name] = object[name] as string;
          }
          const id = !isRoot && typeof object.id === 'string' ? object.id : null;
          noteRead(ctx, typeName, id, fieldName, kind, related);
        };
        if (isPromiseLike(result)) {
          return Promise.resolve(result).then((value) => {
            note();
            return value;
          });
        }
        note();
        return result;
      };
      const description = encrypted
        ? [fieldConfig.description, ENCRYPTED_FIELD_NOTE].filter(Boolean).join('\n\n')
        : fieldConfig.description;
      return { ...fieldConfig, description, resolve: audited };
    },
  });
}

/**
 * Writes the request's personal-data reads to the audit log (one insert) before the response is sent. When that
 * fails, the response is withheld: no audit row, no personal data.
 */
export function personalDataAuditPlugin(): ApolloServerPlugin<Context> {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ contextValue, response }) {
          const reads = takePersonalDataReads(contextValue);
          if (!reads.length) return;
          try {
            await contextValue.services.audit.recordPersonalDataReads(contextValue, reads);
          } catch (error) {
            contextValue.log.error({ err: error }, 'personal data reads could not be audited; response withheld');
            if (response.body.kind === 'single') {
              response.body.singleResult = {
                errors: [
                  {
                    message: 'Er is een onverwachte fout opgetreden. Probeer het later opnieuw.',
                    extensions: { code: 'INTERNAL_SERVER_ERROR' },
                  },
                ],
              };
            }
            response.http.status = 500;
          }
        },
      };
    },
  };
}
