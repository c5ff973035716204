import type { ImportStatus } from '@/graphql/generated/graphql';

/** An import run. */
export const importStatusLabel: Record<ImportStatus, string> = {
  DRY_RUN: 'Proefrun: nog niets verwerkt',
  APPLYING: 'Bezig met verwerken',
  APPLIED: 'Verwerkt',
};
