import { defaultFieldResolver, getNamedType, type GraphQLFieldResolver, type GraphQLSchema } from 'graphql';
import type { ApolloServerPlugin } from '@apollo/server';
import { getDirective, mapSchema, MapperKind } from '@graphql-tools/utils';
import type { Context } from './context.js';
import { auditsReadsOf, type PersonalDataRead } from '../modules/audit/audit.service.js';
import {
  ENCRYPTED_FIELD_NOTE,
  ENCRYPTED_KINDS,
  PERSONAL_DATA_DIRECTIVE,
  type PersonalDataKind,
} from './personal-data.js';

/**
 * The enforcement of the `@PersonalData(kind)` mark (personal-data.ts): every marked field's resolver is wrapped so
 * that a read by a staff member or an API client is noted for the request, and the request's reads are written to the
 * audit log in one insert before the response leaves.
 */

/** A value of an encrypted kind for an API client: strings (also in lists) as JWE, anything else as it is. */
async function protectValue(ctx: Context, value: unknown): Promise<unknown> {
  const client = ctx.apiClient;
  if (!client || value === null || value === undefined) return value;
  if (typeof value === 'string') return client.protect(value);
  if (Array.isArray(value)) return Promise.all(value.map((v) => protectValue(ctx, v)));
  return value;
}

// ---- enforcement --------------------------------------------------------------------------------------------------

/**
 * The reads of one request, per subject: noted while resolving, written once before the response. The subject is the
 * person whose data it is (a Person's own id, or the `personId` an object carries), else the household (a ClientGroup's
 * id, or `clientGroupId`), else the object itself (type + id): a list of 20 persons is 20 rows, 20 mails of one
 * person one row, whatever the number of fields.
 */
const pendingReads = new WeakMap<Context, Map<string, PendingRead>>();

interface PendingRead {
  subjectType: string;
  subjectId: string | null;
  personId: string | null;
  clientGroupId: string | null;
  fields: Set<string>;
  kinds: Set<PersonalDataKind>;
  objects: Set<string>;
}

/** Types whose own id is a person's or a household's. */
const PERSON_TYPES = new Set(['Person', 'MyDetails']);
const HOUSEHOLD_TYPES = new Set(['ClientGroup']);

function noteRead(
  ctx: Context,
  subjectType: string,
  subjectId: string | null,
  field: string,
  kind: PersonalDataKind,
  related: { personId: string | null; clientGroupId: string | null },
) {
  let reads = pendingReads.get(ctx);
  if (!reads) pendingReads.set(ctx, (reads = new Map()));
  const key = related.personId
    ? `person\u0000${related.personId}`
    : related.clientGroupId
      ? `household\u0000${related.clientGroupId}`
      : `object\u0000${subjectType}\u0000${subjectId ?? ''}`;
  let read = reads.get(key);
  if (!read)
    reads.set(
      key,
      (read = {
        subjectType,
        subjectId,
        ...related,
        fields: new Set(),
        kinds: new Set(),
        objects: new Set(),
      }),
    );
  read.fields.add(`${subjectType}.${field}`);
  read.kinds.add(kind);
  read.objects.add(`${subjectType}\u0000${subjectId ?? ''}`);
}

/** Takes (and forgets) the reads noted for this request. */
export function takePersonalDataReads(ctx: Context): PersonalDataRead[] {
  const reads = pendingReads.get(ctx);
  pendingReads.delete(ctx);
  return [...(reads?.values() ?? [])].map((r) => ({
    subjectType: r.subjectType,
    subjectId: r.subjectId,
    personId: r.personId,
    clientGroupId: r.clientGroupId,
    fields: [...r.fields].sort(),
    kinds: [...r.kinds].sort(),
    objects: r.objects.size,
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
          const object = (source ?? {}) as Record<string, unknown>;
          const text = (value: unknown) => (typeof value === 'string' ? value : null);
          const id = !isRoot ? text(object.id) : null;
          const related = isRoot
            ? {
                personId: idArgs.includes('personId') ? text(args.personId) : null,
                clientGroupId: idArgs.includes('clientGroupId') ? text(args.clientGroupId) : null,
              }
            : {
                personId: PERSON_TYPES.has(typeName) ? id : text(object.personId),
                clientGroupId: HOUSEHOLD_TYPES.has(typeName) ? id : text(object.clientGroupId),
              };
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
