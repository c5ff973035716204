import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { Audience, BUILT_IN_ROLES } from '../kernel/permissions.js';
import type { Viewer } from '../kernel/viewer.js';
import type { Clock } from '../kernel/clock.js';
import type { RequestContext } from '../kernel/request-context.js';
import { DEMO_STAFF } from './demo-accounts.js';

const quiet = pino({ level: 'silent' });

/** The context a demo seeder calls a service with: a fresh fork of `em`, the viewer, no logging, the story's clock. */
export function demoContext(em: EntityManager, viewer: Viewer, clock: Clock): RequestContext {
  return { em: em.fork(), viewer, log: quiet, requestId: `demo-${randomUUID()}`, clock };
}

/** The demo BEHEERDER (every municipality) as a staff viewer; null when the account is not seeded. */
export async function demoBeheerder(em: EntityManager): Promise<Viewer | null> {
  const beheerder = DEMO_STAFF.find((s) => s.role === 'BEHEERDER')!;
  const [staffRow] = await em.execute<{ id: string }[]>(`select id from admin_account where email = ?`, [
    beheerder.email,
  ]);
  if (!staffRow) return null;
  return {
    kind: Audience.STAFF,
    sessionId: 'demo-seed',
    adminAccountId: staffRow.id,
    permissions: new Set(BUILT_IN_ROLES.BEHEERDER.permissions),
    municipalityIds: null,
  };
}
