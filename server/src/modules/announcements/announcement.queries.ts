import type { EntityManager } from '@mikro-orm/postgresql';
import type { AnnouncementSeverity } from '../../rules/message.js';

/**
 * The announcements' SQL (docs, "Persistence: entities and queries"): the active ones a visibility condition
 * admits, the staff list, and the writes. Plain functions, no rules: `announcement.service.ts` decides.
 */

type Condition = { sql: string; params: unknown[] };

export interface AnnouncementRow {
  id: string;
  title: string;
  body: string;
  severity: AnnouncementSeverity;
  starts_at: Date | string;
  ends_at: Date | string | null;
  municipality_id: string | null;
  municipality_name: string | null;
  updated_at: Date | string;
}

export interface AnnouncementValues {
  title: string;
  body: string;
  severity: AnnouncementSeverity;
  startsAt: Date;
  endsAt: Date | null;
  municipalityId: string | null;
}

const SELECT = `select a.*, m.name as municipality_name from announcement a left join municipality m on m.id = a.municipality_id`;
const ACTIVE = `a.starts_at <= ? and (a.ends_at is null or a.ends_at > ?)`;
/** Outages first, then warnings, then information; the newest first within each. */
const ORDER = `case a.severity when 'OUTAGE' then 0 when 'WARNING' then 1 else 2 end, a.starts_at desc, a.id`;

/** Up to 20 announcements active at `now` that `visible` admits (on `a.municipality_id`), the most severe first. */
export function activeAnnouncements(em: EntityManager, now: Date, visible: Condition): Promise<AnnouncementRow[]> {
  return em.execute<AnnouncementRow[]>(`${SELECT} where ${ACTIVE} and ${visible.sql} order by ${ORDER} limit 20`, [
    now,
    now,
    ...visible.params,
  ]);
}

/** The announcement when it is active at `now` and `visible` admits it. */
export async function activeAnnouncement(
  em: EntityManager,
  id: string,
  now: Date,
  visible: Condition,
): Promise<AnnouncementRow | undefined> {
  const [row] = await em.execute<AnnouncementRow[]>(`${SELECT} where a.id = ? and ${ACTIVE} and ${visible.sql}`, [
    id,
    now,
    now,
    ...visible.params,
  ]);
  return row;
}

/**
 * Up to 200 announcements a scope condition on `a.municipality_id` admits, plus the platform-wide ones active at
 * `now` (shown to everyone), the latest start first.
 */
export function scopedAnnouncements(em: EntityManager, scope: Condition, now: Date): Promise<AnnouncementRow[]> {
  return em.execute<AnnouncementRow[]>(
    `${SELECT} where ${scope.sql} or (a.municipality_id is null and ${ACTIVE}) order by a.starts_at desc, a.id limit 200`,
    [...scope.params, now, now],
  );
}

export async function announcementById(em: EntityManager, id: string): Promise<AnnouncementRow | undefined> {
  const [row] = await em.execute<AnnouncementRow[]>(`${SELECT} where a.id = ?`, [id]);
  return row;
}

/** A new announcement; its id. */
export async function insertAnnouncement(
  em: EntityManager,
  v: AnnouncementValues,
  createdBy: string | null,
  now: Date,
): Promise<string> {
  const [row] = await em.execute<{ id: string }[]>(
    `insert into announcement (title, body, severity, starts_at, ends_at, municipality_id, created_by, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?) returning id`,
    [v.title, v.body, v.severity, v.startsAt, v.endsAt, v.municipalityId, createdBy, now, now],
  );
  return row!.id;
}

/** Changes an announcement; its id, or undefined when it does not exist. */
export async function updateAnnouncement(
  em: EntityManager,
  id: string,
  v: AnnouncementValues,
  now: Date,
): Promise<string | undefined> {
  const [row] = await em.execute<{ id: string }[]>(
    `update announcement set title = ?, body = ?, severity = ?, starts_at = ?, ends_at = ?, municipality_id = ?,
            updated_at = ? where id = ? returning id`,
    [v.title, v.body, v.severity, v.startsAt, v.endsAt, v.municipalityId, now, id],
  );
  return row?.id;
}

export async function deleteAnnouncement(em: EntityManager, id: string): Promise<void> {
  await em.execute(`delete from announcement where id = ?`, [id]);
}

export async function municipalityExists(em: EntityManager, id: string): Promise<boolean> {
  return (await em.execute(`select 1 from municipality where id = ?`, [id])).length > 0;
}
