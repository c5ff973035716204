import type { AssignmentStatus } from '@/graphql/generated/graphql';

/** An assignment (an arrangement granted to a client), as staff see it. */
export const assignmentStatusLabel: Record<AssignmentStatus, string> = {
  ACTIVE: 'Actief',
  UPCOMING: 'Nog niet begonnen',
  EXPIRED: 'Verlopen',
  REVOKED: 'Ingetrokken',
};

/** The same, as the resident reads it (account/regelingen): an upcoming assignment is not valid yet. */
export const residentAssignmentStatusLabel: Record<AssignmentStatus, string> = {
  ...assignmentStatusLabel,
  UPCOMING: 'Nog niet geldig',
};
