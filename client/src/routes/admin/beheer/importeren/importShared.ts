import type { ImportRunViewQuery } from '@/graphql/generated/graphql';

/** What the panels of the import screen share. */
export type Run = NonNullable<ImportRunViewQuery['importRun']>;

export type ApiError = { field: string | null; code: string; message: string };
