import { GraphQLError } from 'graphql';
import type { Request } from 'express';
import type { Logger } from 'pino';
import { Audience } from '../kernel/permissions.js';
import type { Viewer } from '../kernel/viewer.js';
import type { SettingsService } from '../modules/settings/settings.service.js';
import { maintenanceAt } from '../modules/settings/sections/maintenance.js';
import { IP_NOT_ALLOWED_MESSAGE, staffAddressAllowed } from './ip-allow-list.js';
import { requestedOperation } from '../graphql/root-fields.js';

/**
 * What every audience may still ask during maintenance: who am I, is there maintenance, the site's name and colours,
 * and the staff log-in and log-out (the staff log-in stays reachable). Everything else a resident, provider or
 * visitor asks is answered 503 with Retry-After.
 */
export const OPEN_DURING_MAINTENANCE = new Set([
  '__typename',
  'viewer',
  'maintenanceStatus',
  'publicSettings',
  'publicAnalytics',
  'loginStaff',
  'logout',
  // The operator console (modules/operators): the vendor's support works through maintenance; these fields answer
  // only to an operator session.
  'operator',
  'operatorConsole',
  'requestOperatorLoginLink',
  'completeOperatorLogin',
  'operatorLogout',
  'createMunicipality',
  'startOperatorAct',
  'stopOperatorAct',
]);

/** Staff GraphQL operations a visitor from outside the allow-list may not start. */
const STAFF_ENTRY = new Set(['loginStaff']);

/** Who keeps working during maintenance: staff, partner API clients and background work. */
function worksThroughMaintenance(viewer: Viewer): boolean {
  return viewer.kind === Audience.STAFF || viewer.kind === Audience.API_CLIENT || viewer.kind === 'SYSTEM';
}

/**
 * The root fields of the operation a GraphQL request runs, with fragments expanded (graphql/root-fields.ts); empty when
 * it cannot be parsed (GraphQL refuses it later).
 */
export function rootFieldsOf(req: Request): string[] {
  return requestedOperation({ body: req.body, query: req.query })?.fields ?? [];
}

/** Seconds until the end of maintenance (at least a minute), an hour when no end was given. */
export function retryAfterSeconds(endsAt: Date | null, now: Date): number {
  if (!endsAt) return 3600;
  return Math.max(60, Math.ceil((endsAt.getTime() - now.getTime()) / 1000));
}

export const MAINTENANCE_MESSAGE = 'Het platform is tijdelijk niet beschikbaar vanwege onderhoud.';

/**
 * Maintenance for a request outside GraphQL (the uploads of providers, a resident's download): null when the viewer
 * may carry on (staff, API clients, background work, or no maintenance now), otherwise the seconds for Retry-After.
 * The same rule as guardGraphQL, so the HTTP routes answer 503 exactly when the API does.
 */
export async function maintenanceRetryAfter(input: {
  viewer: Viewer;
  settings: Pick<SettingsService, 'get'>;
  now: Date;
}): Promise<number | null> {
  if (worksThroughMaintenance(input.viewer)) return null;
  const maintenance = maintenanceAt(await input.settings.get('maintenance'), input.now);
  return maintenance.active ? retryAfterSeconds(maintenance.endsAt, input.now) : null;
}

/**
 * The gates of a GraphQL request, after its viewer is known (contexts.forGraphQL):
 * - IP allow-list (instellingen/ip), when on: staff requests and the staff log-in only from the listed addresses
 *   (`req.ip`: X-Forwarded-For only from a trusted proxy); refused ones are logged.
 * - Maintenance (instellingen/onderhoudsmodus): residents, providers and visitors get 503 with Retry-After, except
 *   for OPEN_DURING_MAINTENANCE; staff and API clients carry on. Payment webhooks and DigiD callbacks are HTTP
 *   routes outside /graphql and never pass here.
 * Throws a GraphQLError carrying its HTTP status; Apollo answers with it.
 */
export async function guardGraphQL(input: {
  req: Request;
  viewer: Viewer;
  settings: Pick<SettingsService, 'get'>;
  now: Date;
  log: Logger;
}): Promise<void> {
  const { req, viewer, settings, now, log } = input;
  let fields: string[] | null = null;
  const rootFields = () => (fields ??= rootFieldsOf(req));
  // The document is parsed only for a caller outside an active allow-list (or during maintenance).
  const listed = await staffAddressAllowed(settings, req.ip);
  const staffCall = !listed && (viewer.kind === Audience.STAFF || rootFields().some((f) => STAFF_ENTRY.has(f)));
  if (staffCall) {
    log.warn(
      { event: 'ip_blocked', ip: req.ip, viewer: viewer.kind },
      'admin API refused: address not on the allow-list',
    );
    throw new GraphQLError(IP_NOT_ALLOWED_MESSAGE, {
      extensions: { code: 'FORBIDDEN', reason: 'IP_NOT_ALLOWED', http: { status: 403 } },
    });
  }
  if (worksThroughMaintenance(viewer)) return;
  const maintenance = maintenanceAt(await settings.get('maintenance'), now);
  if (!maintenance.active) return;
  const asked = rootFields();
  if (asked.length > 0 && asked.every((f) => OPEN_DURING_MAINTENANCE.has(f))) return;
  const retryAfter = retryAfterSeconds(maintenance.endsAt, now);
  throw new GraphQLError(MAINTENANCE_MESSAGE, {
    extensions: {
      code: 'MAINTENANCE',
      http: { status: 503, headers: new Map([['retry-after', String(retryAfter)]]) },
    },
  });
}
