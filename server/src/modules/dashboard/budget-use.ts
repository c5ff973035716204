import { Field, ID, Int, ObjectType } from 'type-graphql';
import { scopeSql } from '../../kernel/scope.js';
import { today } from '../../kernel/clock.js';
import type { RequestContext } from '../../kernel/request-context.js';
import { arrangementsTouching, budgetMonths } from './dashboard.queries.js';

@ObjectType({ description: 'Budget movements of one arrangement in one calendar month (Dutch time).' })
export class BudgetUseMonth {
  @Field(() => String, { description: 'YYYY-MM' })
  month!: string;

  @Field(() => Int, { description: 'Granted this month, net of revocations, in cents.' })
  grantedCents!: number;

  @Field(() => Int, { description: 'Spent by orders this month, net of cancellations, in cents.' })
  spentCents!: number;

  @Field(() => Int, { description: 'Expired at the end of assignments this month (vervallen tegoed), in cents.' })
  expiredCents!: number;

  @Field(() => Int, { description: 'What the holders had left at the end of the month (or today), in cents.' })
  remainingCents!: number;
}

@ObjectType({ description: 'Budget use of one arrangement, from the ledger: totals and month by month.' })
export class ArrangementBudgetUse {
  @Field(() => ID, { description: 'The arrangement’s id.' })
  arrangementId!: string;

  @Field(() => String, { description: 'The arrangement’s name.' })
  arrangementName!: string;

  @Field(() => String, { description: 'The municipality it belongs to.' })
  municipalityName!: string;

  @Field(() => String, { description: 'The first day of its validity, YYYY-MM-DD.' })
  validFrom!: string;

  @Field(() => String, { description: 'The last day of its validity, YYYY-MM-DD.' })
  validUntil!: string;

  @Field(() => Int, { description: 'Granted, net of revocations, in cents.' })
  grantedCents!: number;

  @Field(() => Int, { description: 'Spent by orders, net of cancellations, in cents.' })
  spentCents!: number;

  @Field(() => Int, { description: 'Expired at the end of the period, in cents.' })
  expiredCents!: number;

  @Field(() => Int, { description: 'Left on the assignments now, in cents.' })
  remainingCents!: number;

  @Field(() => [BudgetUseMonth], {
    description: 'Month by month over the arrangement’s period up to this month (at most the last 12 months).',
  })
  months!: BudgetUseMonth[];
}

const monthsBetween = (from: string, until: string): string[] => {
  const out: string[] = [];
  let [y, m] = [Number(from.slice(0, 4)), Number(from.slice(5, 7))];
  const end = until.slice(0, 7);
  for (let i = 0; i < 600; i++) {
    const key = `${y}-${String(m).padStart(2, '0')}`;
    if (key > end) break;
    out.push(key);
    m++;
    if (m > 12) [y, m] = [y + 1, 1];
  }
  return out;
};

/**
 * Budget use per arrangement in the viewer's scope whose period touches the last twelve months, derived from the
 * ledger (the entries on its assignments' accounts, by booking kind and month): one query for all arrangements.
 */
export async function budgetUse(ctx: RequestContext): Promise<ArrangementBudgetUse[]> {
  const scope = scopeSql(ctx.viewer, 'a.municipality_id');
  const day = today(ctx.clock);
  const yearAgo = `${Number(day.slice(0, 4)) - 1}-${day.slice(5, 7)}-01`;
  const firstMonth = monthsBetween(yearAgo, day)[1]!; // the 12th month back, this month included
  const arrangements = await arrangementsTouching(ctx.em, scope, day, `${firstMonth}-01`);
  if (!arrangements.length) return [];
  const rows = await budgetMonths(
    ctx.em,
    arrangements.map((a) => a.id),
  );
  const byArrangement = new Map<string, typeof rows>();
  for (const r of rows) byArrangement.set(r.arrangement_id, [...(byArrangement.get(r.arrangement_id) ?? []), r]);
  return arrangements.map((a) => {
    const own = (byArrangement.get(a.id) ?? []).sort((x, y) => x.month.localeCompare(y.month));
    const sum = (key: 'granted' | 'spent' | 'expired' | 'net') => own.reduce((n, r) => n + Number(r[key]), 0);
    const start = [a.valid_from.slice(0, 7), firstMonth].sort()[1]!;
    const end = [a.valid_until.slice(0, 7), day.slice(0, 7)].sort()[0]!;
    // Bookings after the period (an expiry the day after it ended, a late cancellation) count in the last month shown.
    const lastShown = [end, ...own.map((r) => r.month)].sort().at(-1)!;
    const shown = monthsBetween(start, lastShown > day.slice(0, 7) ? day.slice(0, 7) : lastShown);
    let running = own.filter((r) => r.month < start).reduce((n, r) => n + Number(r.net), 0);
    const months = shown.map((month) => {
      const r = own.find((x) => x.month === month);
      running += Number(r?.net ?? 0);
      return Object.assign(new BudgetUseMonth(), {
        month,
        grantedCents: Number(r?.granted ?? 0),
        spentCents: Number(r?.spent ?? 0),
        expiredCents: Number(r?.expired ?? 0),
        remainingCents: running,
      });
    });
    return Object.assign(new ArrangementBudgetUse(), {
      arrangementId: a.id,
      arrangementName: a.name,
      municipalityName: a.municipality,
      validFrom: a.valid_from,
      validUntil: a.valid_until,
      grantedCents: sum('granted'),
      spentCents: sum('spent'),
      expiredCents: sum('expired'),
      remainingCents: sum('net'),
      months,
    });
  });
}
