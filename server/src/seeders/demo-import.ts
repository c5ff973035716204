import { Readable } from 'node:stream';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../kernel/clock.js';
import type { RequestContext } from '../kernel/request-context.js';
import { IMPORT_COLUMNS } from '../rules/import.js';
import type { Services } from '../platform/composition.js';
import { demoBeheerder, demoContext } from './demo-context.js';

/**
 * One finished import, so /admin/beheer/importeren shows history: ten residents in five households of Zuiderveen
 * (the children's rows name the Meedoenregeling, an arrangement for the household, so each household is granted it
 * once; the amount quoted because of its decimal comma), and one row with a BSN that fails the elfproef, skipped. Made through the
 * import service itself (dry run, then the apply job's work), so its audit rows and ledger bookings are real.
 */
export async function seedDemoImport(em: EntityManager, services: Pick<Services, 'imports'>, clock: Clock) {
  const staff = await demoBeheerder(em);
  const [municipality] = await em.execute<{ id: string }[]>(`select id from municipality where slug = 'zuiderveen'`);
  const [arrangement] = await em.execute<{ name: string }[]>(
    `select name from arrangement where municipality_id = ? and name like 'Meedoen%' limit 1`,
    [municipality!.id],
  );
  if (!staff || !municipality || !arrangement) return;
  const ctx = (): RequestContext => demoContext(em, staff, clock);
  const year = Number(arrangement.name.match(/\d{4}/)?.[0] ?? 2000);
  const families = ['Bakker', 'Visser', 'Smit', 'Meijer', 'De Boer'];
  const rows: string[][] = [];
  families.forEach((family, i) => {
    const household = `ZV-IMP-${String(i + 1).padStart(3, '0')}`;
    rows.push([
      household,
      `Huishouden ${family}`,
      `${household}-1`,
      'Sanne',
      family,
      `0${i + 1}-04-${year - 40}`,
      '',
      '',
      '',
      '',
      '',
      '',
      '',
    ]);
    rows.push([
      household,
      '',
      `${household}-2`,
      'Daan',
      family,
      `1${i}-09-${year - 12}`,
      '',
      '',
      '',
      arrangement.name,
      '"100,00"',
      '',
      '',
    ]);
  });
  rows.push([
    'ZV-IMP-006',
    'Huishouden Mulder',
    'ZV-IMP-006-1',
    'Eva',
    'Mulder',
    '',
    '123456789',
    '',
    '',
    '',
    '',
    '',
    '',
  ]);
  const csv = [IMPORT_COLUMNS.join(','), ...rows.map((r) => r.join(','))].join('\r\n') + '\r\n';

  const checked = await services.imports.check(ctx(), {
    municipalityId: municipality.id,
    fileName: 'klanten-zuiderveen.csv',
    source: Readable.from([Buffer.from(csv, 'utf8')]),
  });
  if (!checked.ok) throw new Error(`demo import refused: ${checked.errors.map((e) => e.code).join(', ')}`);
  const started = await services.imports.apply(ctx(), checked.value.id);
  if (!started.ok) throw new Error(`demo import not started: ${started.errors.map((e) => e.code).join(', ')}`);
  // The job's work, at once (the queued job finds the run applied and does nothing).
  await services.imports.runApply(ctx(), checked.value.id);
}
