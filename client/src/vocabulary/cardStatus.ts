import type { CardStatus } from '@/graphql/generated/graphql';

/** A resident's card. */
export const cardStatusLabel: Record<CardStatus, string> = {
  ACTIVE: 'Actief',
  BLOCKED: 'Geblokkeerd',
  REPLACED: 'Vervangen',
};
