import { HOUSEHOLD_TYPES } from '@rules/application';
import { SettingsForm } from '@/components/settings/SettingsForm';

/** The household types of the social-minimum table, as the household question's choices name them. */
const TYPE_LABELS: Record<string, string> = Object.fromEntries(HOUSEHOLD_TYPES.map((t) => [t.value, t.label]));

type Table = Record<string, Record<string, number>>;

/** Whole euros as typed ("1.430" or "1430"); what is not a number goes to the server, which says so in Dutch. */
function eurosOf(raw: string): number {
  const text = raw.trim().replace(/\./g, '').replace(',', '.');
  return text === '' ? Number.NaN : Number(text);
}

/**
 * The social minimum per year and household type (section `applications`, `socialMinimum`): the table an income rule
 * of an application form reads ("ten hoogste 120% van het sociaal minimum"). Each year's amounts can be changed, and
 * a next year added (the Rijksoverheid publishes the norms twice a year).
 */
export function SocialMinimumSettings() {
  return (
    <SettingsForm
      section="APPLICATIONS"
      id="sociaal-minimum"
      fields={['socialMinimum'] as const}
      toPatch={(_values, data) => {
        const table: Table = {};
        const newYear = String(data.get('sm-nieuw-jaar') ?? '').trim();
        for (const [name, raw] of data.entries()) {
          const m = /^sm\.(\d{4}|nieuw)\.([a-z0-9-]+)$/.exec(name);
          if (!m) continue;
          const year = m[1] === 'nieuw' ? newYear : m[1]!;
          if (m[1] === 'nieuw' && (!newYear || String(raw).trim() === '')) continue;
          (table[year] ??= {})[m[2]!] = eurosOf(String(raw));
        }
        return { socialMinimum: table };
      }}
      submitLabel="Sociaal minimum opslaan"
      savedNotice="Het sociaal minimum is opgeslagen."
    >
      {({ value, form }) => {
        const table = (value?.socialMinimum ?? {}) as Table;
        const years = Object.keys(table).sort();
        const types = [...new Set([...Object.keys(TYPE_LABELS), ...years.flatMap((y) => Object.keys(table[y]!))])];
        const label = (type: string) => TYPE_LABELS[type] ?? type;
        const error = form.errors.socialMinimum;
        return (
          <>
            <p>Een nieuw jaar: vul het jaar en de bedragen in de onderste regel in.</p>
            {error ? (
              <p className="gw-field__error" id="sociaal-minimum-fout">
                {error}
              </p>
            ) : null}
            <div className="gw-table-wrapper">
              <table className="gw-table" aria-describedby={error ? 'sociaal-minimum-fout' : undefined}>
                <caption>Netto per maand, in hele euro’s, per jaar en soort huishouden</caption>
                <thead>
                  <tr>
                    <th scope="col">Jaar</th>
                    {types.map((t) => (
                      <th scope="col" key={t}>
                        {label(t)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {years.map((year) => (
                    <tr key={year}>
                      <th scope="row">{year}</th>
                      {types.map((t) => (
                        <td key={t}>
                          <input
                            className="gw-input"
                            name={`sm.${year}.${t}`}
                            inputMode="numeric"
                            aria-label={`${label(t)}, ${year}`}
                            defaultValue={table[year]![t] ?? ''}
                          />
                        </td>
                      ))}
                    </tr>
                  ))}
                  <tr>
                    <th scope="row">
                      <input
                        className="gw-input"
                        name="sm-nieuw-jaar"
                        inputMode="numeric"
                        aria-label="Nieuw jaar (bijvoorbeeld 2028)"
                      />
                    </th>
                    {types.map((t) => (
                      <td key={t}>
                        <input
                          className="gw-input"
                          name={`sm.nieuw.${t}`}
                          inputMode="numeric"
                          aria-label={`${label(t)}, nieuw jaar`}
                        />
                      </td>
                    ))}
                  </tr>
                </tbody>
              </table>
            </div>
          </>
        );
      }}
    </SettingsForm>
  );
}
