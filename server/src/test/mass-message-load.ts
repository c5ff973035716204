import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { ALL_PERMISSIONS } from '../kernel/permissions.js';
import type { Viewer } from '../kernel/viewer.js';
import { staffViewer } from './context.js';

/**
 * A municipality with `residents` generated residents (two per household, each with an e-mail address and the mail
 * preference on), written with a few set-based inserts: 5,000 people in well under a second. For the 5,000-recipient
 * test and `npm run bench:messages`.
 */
export async function seedResidents(
  em: EntityManager,
  residents: number,
): Promise<{ municipalityId: string; households: number }> {
  const tag = randomUUID().slice(0, 8);
  const [m] = await em.execute<{ id: string }[]>(`insert into municipality (name, slug) values (?, ?) returning id`, [
    `Gemeente Massa ${tag}`,
    `massa-${tag}`,
  ]);
  const municipalityId = m!.id;
  const households = Math.ceil(residents / 2);
  await em.execute(
    `insert into client_group (municipality_id, client_number, name)
     select ?, ? || lpad(i::text, 6, '0'), 'Huishouden ' || i from generate_series(1, ?) as i`,
    [municipalityId, `M${tag}-`, households],
  );
  await em.execute(
    `insert into person (client_group_id, municipality_id, external_identifier, first_name, last_name, email)
     select g.id, ?, g.client_number || '-' || k, 'Inwoner' || k, 'Massa', lower(g.client_number) || '-' || k || '@voorbeeld.nl'
       from client_group g cross join generate_series(1, 2) as k
      where g.municipality_id = ?
      order by g.client_number, k
      limit ?`,
    [municipalityId, municipalityId, residents],
  );
  return { municipalityId, households };
}

/** A staff member of every municipality with every permission (for calling the service directly). */
export function allPowerfulStaff(adminAccountId: string): Viewer {
  return staffViewer({ adminAccountId, permissions: ALL_PERMISSIONS });
}
