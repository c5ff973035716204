import { Audience, type Permission } from './permissions.js';

/**
 * Who is making the request, resolved once per request from the session cookie (or, later, an API key).
 * SYSTEM is never a caller of the API: it is a background job or CLI command acting on its own (see `systemViewer`);
 * it has no permissions, so a permission check refuses it; it reaches every municipality. Which municipalities a
 * viewer reaches is decided in one place, kernel/scope.ts (inScope, scopeSql, scopeFilter).
 */
export type Viewer =
  | { kind: Audience.ANONYMOUS }
  | { kind: Audience.CUSTOMER; sessionId: string; personId: string; clientGroupId: string; municipalityId: string }
  | { kind: Audience.PROVIDER; sessionId: string; providerUserId: string; providerId: string }
  | {
      kind: Audience.STAFF;
      sessionId: string;
      adminAccountId: string;
      permissions: ReadonlySet<Permission>;
      /** null: every municipality. */
      municipalityIds: readonly string[] | null;
      /**
       * Set when an operator of Lightbase acts in one municipality's admin area (modules/operators): `adminAccountId`
       * is then the operator's id (no admin account), and audit rows name the operator (actor kind OPERATOR).
       */
      operator?: OperatorAct;
    }
  | {
      kind: Audience.API_CLIENT;
      apiClientId: string;
      permissions: ReadonlySet<Permission>;
      municipalityIds: readonly string[] | null;
    }
  | SystemViewer;

/** An operator acting in a municipality: who, in which operator session, where, why and until when. */
export interface OperatorAct {
  operatorId: string;
  operatorSessionId: string;
  municipalityId: string;
  reason: string;
  until: Date;
}

/** A background job or CLI command; `job` names it in logs and audit rows (e.g. `payments.sweep`). */
export interface SystemViewer {
  kind: 'SYSTEM';
  job: string;
}

export function systemViewer(job: string): SystemViewer {
  return { kind: 'SYSTEM', job };
}

/**
 * The staff member's own admin account, for columns that name one (decided by, published by): null for anyone else,
 * and for an operator acting in a municipality (no admin account; the audit row names the operator).
 */
export function ownAdminAccountId(viewer: Viewer): string | null {
  return viewer.kind === Audience.STAFF && !viewer.operator ? viewer.adminAccountId : null;
}

export const ANONYMOUS: Viewer = { kind: Audience.ANONYMOUS };

export function hasPermission(viewer: Viewer, permission: Permission): boolean {
  return (viewer.kind === Audience.STAFF || viewer.kind === Audience.API_CLIENT) && viewer.permissions.has(permission);
}
