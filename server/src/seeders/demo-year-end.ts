import type { EntityManager } from '@mikro-orm/postgresql';
import type { Viewer } from '../kernel/viewer.js';
import { todayInAmsterdam } from '../kernel/dates.js';
import type { Clock } from '../kernel/clock.js';
import type { RequestContext } from '../kernel/request-context.js';
import type { Services } from '../platform/composition.js';
import { Category } from '../modules/catalogue/category.entity.js';
import { Municipality } from '../modules/municipalities/municipality.entity.js';
import { at } from './demo-activity.js';
import { demoBeheerder, demoContext } from './demo-context.js';

/** The Noorderhaven households of the year-end story (no browser test uses their budgets). */
export const DEMO_YEAR_END_HOUSEHOLDS = ['NH-200002', 'NH-200004', 'NH-200005'];

/**
 * The demo's year end, relative to the clock: last year Noorderhaven had a Zwemregeling (granted in January to three
 * households); in December the households got their "uw tegoed vervalt binnenkort" reminder; after the year ended the
 * budget left expired (EXPIRY bookings, "vervallen tegoed"); the arrangement was copied to this year and granted again
 * in bulk to the same holders. Everything goes through the services (AssignmentService.grant, the expiry job, the
 * reminders, YearEndService), on the application clock set to the moment it happened.
 */
export async function seedDemoYearEnd(
  em: EntityManager,
  services: Pick<Services, 'arrangements' | 'assignments' | 'yearEnd' | 'expiryReminders'>,
  options: { now: Date },
): Promise<void> {
  const year = Number(todayInAmsterdam(options.now).slice(0, 4));
  const last = year - 1;
  const staff = (await demoBeheerder(em))!;
  const ctxFor = (viewer: Viewer, clock: Clock): RequestContext => demoContext(em, viewer, clock);
  const system = (clock: Clock) => ctxFor({ kind: 'SYSTEM', job: 'demo-seed' }, clock);
  // A moment of the story, never later than just before now (the demo may start on New Year's Day).
  const moment = (iso: string, minutesBeforeNow = 5) =>
    new Date(Math.min(new Date(`${iso}T09:00:00+01:00`).getTime(), options.now.getTime() - minutesBeforeNow * 60_000));

  const noorderhaven = await em.findOneOrFail(Municipality, { slug: 'noorderhaven' });
  const swimming = await em.findOneOrFail(Category, { slug: 'zwemmen' });
  const sport = await em.findOneOrFail(Category, { slug: 'sport-en-bewegen' });

  // Last year's arrangement, granted in its first week.
  const lastYear = await at(moment(`${last}-01-02`), async (clock) => {
    const created = await services.arrangements.create(ctxFor(staff, clock), {
      name: `Zwemregeling ${last}`,
      description: 'Tegoed voor zwemles en zwemabonnementen.',
      municipalityId: noorderhaven.id,
      validFrom: `${last}-01-01`,
      validUntil: `${last}-12-31`,
      defaultAmountCents: 7500,
      categoryIds: [swimming.id, sport.id],
      ownContributionAllowed: true,
      maxPerOrderCents: null,
    });
    if (!created.ok) throw new Error(`demo year end: ${created.errors[0]!.message}`);
    const groups = await em.execute<{ id: string }[]>(
      `select id from client_group where client_number = any(?::text[]) order by client_number`,
      [`{${DEMO_YEAR_END_HOUSEHOLDS.join(',')}}`],
    );
    for (const g of groups) {
      const granted = await services.assignments.grant(ctxFor(staff, clock), {
        clientGroupId: g.id,
        arrangementId: created.value.id,
      });
      if (!granted.ok) throw new Error(`demo year end: ${granted.errors[0]!.message}`);
    }
    return created.value.id;
  });

  // Mid-December: the reminders (30 days before the end by default), then the expiry after New Year's Eve.
  await at(moment(`${last}-12-10`), (clock) => services.expiryReminders.sendDue(system(clock)));
  await at(moment(`${year}-01-01`, 4), (clock) => services.yearEnd.expireBudgets(system(clock)));

  // Copied to this year and granted again to last year's holders (the bulk grant, run here straight away).
  await at(moment(`${year}-01-02`, 3), async (clock) => {
    const copied = await services.yearEnd.copyToNextPeriod(ctxFor(staff, clock), lastYear);
    if (!copied.ok) throw new Error(`demo year end: ${copied.errors[0]!.message}`);
    const run = await services.yearEnd.startRegrant(ctxFor(staff, clock), copied.value.id);
    if (!run.ok) throw new Error(`demo year end: ${run.errors[0]!.message}`);
    await services.yearEnd.runRegrant(system(clock), run.value.id);
  });
}
