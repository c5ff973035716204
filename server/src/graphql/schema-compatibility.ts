import { buildSchema, type GraphQLSchema } from 'graphql';
import { CriticalityLevel, diff, type Change } from '@graphql-inspector/core';
import { SCHEMA_CHANGELOG, type SchemaChangelogEntry } from './schema-changelog.js';

export interface SchemaCompatibility {
  /** Every breaking change between the released schema and the current one. */
  breaking: Change[];
  /** The breaking changes the changelog does not record: these fail the compatibility test. */
  unrecorded: Change[];
  /** Changes that are not breaking but may change behaviour for clients (a new enum value, a new optional argument…). */
  dangerous: Change[];
}

/** Is this breaking change recorded in the changelog? By its path, or (without one) by its message. */
export function isRecorded(change: Change, changelog: readonly SchemaChangelogEntry[] = SCHEMA_CHANGELOG): boolean {
  return changelog.some((entry) =>
    entry.path && change.path ? entry.path === change.path : entry.change.trim() === change.message.trim(),
  );
}

/** Compares the released schema (SDL) with the current one using @graphql-inspector/core. */
export async function compareWithReleased(
  releasedSdl: string,
  current: GraphQLSchema,
  changelog: readonly SchemaChangelogEntry[] = SCHEMA_CHANGELOG,
): Promise<SchemaCompatibility> {
  const released = buildSchema(releasedSdl);
  const changes = await diff(released, current);
  const breaking = changes.filter((c) => c.criticality.level === CriticalityLevel.Breaking);
  return {
    breaking,
    unrecorded: breaking.filter((c) => !isRecorded(c, changelog)),
    dangerous: changes.filter((c) => c.criticality.level === CriticalityLevel.Dangerous),
  };
}
