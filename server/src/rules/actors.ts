/**
 * Who acted, in Dutch: the kinds of actor the audit log names (its screen and its CSV export use this one list).
 * Keys are the audit log's `actor_kind` values.
 */
export const ACTOR_KIND_LABELS: Readonly<Record<string, string>> = {
  STAFF: 'Medewerker',
  PROVIDER: 'Aanbieder',
  CUSTOMER: 'Inwoner',
  API_CLIENT: 'Koppeling',
  SYSTEM: 'Systeem',
  ANONYMOUS: 'Bezoeker',
  OPERATOR: 'Operator van Lightbase',
};

/** An actor kind's Dutch name; an unknown kind as it is. */
export const actorKindLabel = (kind: string): string => ACTOR_KIND_LABELS[kind] ?? kind;
