import { useId, useState } from 'react';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { SelectField } from '@/components/forms/fields';
import { formatCents } from '@/components/money/formatCents';
import type { AdminDashboardQuery } from '@/graphql/generated/graphql';
import { monthLabel } from '@rules/months';
import { DataTable } from '@/components/ui/DataTable';

type Use = AdminDashboardQuery['adminDashboard']['budgetUse'][number];

const euros = (cents: number) => formatCents(cents).replace(/\u00a0/g, ' ');

/**
 * Budget use per arrangement on the dashboard: a summary table of every arrangement, and for the chosen one a chart
 * of its months (granted, spent, expired as bars, what is left as a line) with the same figures in a table beside it.
 * The chart is a picture of the table (hidden from screen readers); the tables carry the data.
 */
export function BudgetUse({ uses }: { uses: readonly Use[] }) {
  const [chosenId, setChosenId] = useState(uses[0]?.arrangementId ?? '');
  const id = useId();
  if (!uses.length)
    return (
      <section aria-labelledby="budget-kop">
        <h2 id="budget-kop">Budgetgebruik per regeling</h2>
        <p>Er zijn (in uw gemeenten) geen regelingen die het afgelopen jaar liepen.</p>
      </section>
    );
  const chosen = uses.find((u) => u.arrangementId === chosenId) ?? uses[0]!;
  const data = chosen.months.map((m) => ({
    month: monthLabel(m.month, 'short'),
    Toegekend: m.grantedCents / 100,
    Besteed: m.spentCents / 100,
    Vervallen: m.expiredCents / 100,
    Resterend: m.remainingCents / 100,
  }));
  const several = new Set(uses.map((u) => u.municipalityName)).size > 1;
  return (
    <section aria-labelledby="budget-kop">
      <h2 id="budget-kop">Budgetgebruik per regeling</h2>
      <DataTable
        caption="Toegekend, besteed, vervallen en resterend tegoed per regeling"
        headers={['Regeling', ...(several ? ['Gemeente'] : []), 'Toegekend', 'Besteed', 'Vervallen', 'Resterend']}
      >
        {uses.map((u) => (
          <tr key={u.arrangementId}>
            <th scope="row">{u.arrangementName}</th>
            {several ? <td>{u.municipalityName}</td> : null}
            <td>{euros(u.grantedCents)}</td>
            <td>{euros(u.spentCents)}</td>
            <td>{euros(u.expiredCents)}</td>
            <td>{euros(u.remainingCents)}</td>
          </tr>
        ))}
      </DataTable>
      <SelectField
        id={`${id}-regeling`}
        label="Regeling per maand"
        value={chosen.arrangementId}
        onChange={(e) => setChosenId(e.currentTarget.value)}
      >
        {uses.map((u) => (
          <option key={u.arrangementId} value={u.arrangementId}>
            {u.arrangementName}
            {several ? ` (${u.municipalityName})` : ''}
          </option>
        ))}
      </SelectField>
      <div className="gw-budget-use">
        <figure className="gw-budget-use__chart" aria-hidden="true">
          <ResponsiveContainer width="100%" height={280}>
            <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 8 }} accessibilityLayer={false}>
              <CartesianGrid strokeDasharray="3 3" stroke="#d0d5db" />
              <XAxis dataKey="month" tick={{ fill: '#1b1b1b', fontSize: 12 }} />
              <YAxis
                tick={{ fill: '#1b1b1b', fontSize: 12 }}
                tickFormatter={(v: number) => `€ ${v.toLocaleString('nl-NL')}`}
                width={80}
              />
              <Tooltip formatter={(v) => `€ ${Number(v).toLocaleString('nl-NL', { minimumFractionDigits: 2 })}`} />
              <Legend />
              <Bar dataKey="Toegekend" fill="#00457a" />
              <Bar dataKey="Besteed" fill="#1b6b2e" />
              <Bar dataKey="Vervallen" fill="#a8001c" />
              <Line dataKey="Resterend" type="linear" stroke="#8a6100" strokeWidth={2} dot />
            </ComposedChart>
          </ResponsiveContainer>
        </figure>
        <div className="gw-table-wrapper gw-budget-use__table">
          <table className="gw-table">
            <caption>{chosen.arrangementName} per maand</caption>
            <thead>
              <tr>
                <th scope="col">Maand</th>
                <th scope="col">Toegekend</th>
                <th scope="col">Besteed</th>
                <th scope="col">Vervallen</th>
                <th scope="col">Resterend eind van de maand</th>
              </tr>
            </thead>
            <tbody>
              {chosen.months.map((m) => (
                <tr key={m.month}>
                  <th scope="row">{monthLabel(m.month, 'long')}</th>
                  <td>{euros(m.grantedCents)}</td>
                  <td>{euros(m.spentCents)}</td>
                  <td>{euros(m.expiredCents)}</td>
                  <td>{euros(m.remainingCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  );
}
