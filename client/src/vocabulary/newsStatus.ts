import type { NewsStatus } from '@/graphql/generated/graphql';

/** A news article. */
export const newsStatusLabel: Record<NewsStatus, string> = {
  DRAFT: 'Concept',
  PUBLISHED: 'Gepubliceerd',
  ARCHIVED: 'Gearchiveerd',
};
