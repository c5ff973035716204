import { Link } from 'react-router';
import { formatCount, formatDateTime } from '@/components/dates/formatDate';
import type { ImportOverviewQuery } from '@/graphql/generated/graphql';
import { urls } from '@/lib/urls';
import { importStatusLabel } from '@/vocabulary/importStatus';

/** "Eerdere imports": the latest runs, each a link that shows it (?import=<id>). */
export function ImportHistory({ runs }: { runs: ImportOverviewQuery['importRuns'] }) {
  return (
    <section aria-labelledby="eerder-kop">
      <h2 id="eerder-kop">Eerdere imports</h2>
      {runs.length ? (
        <div className="gw-table-wrapper">
          <table className="gw-table">
            <caption>De laatste {formatCount(runs.length)} imports</caption>
            <thead>
              <tr>
                <th scope="col">Bestand</th>
                <th scope="col">Gemeente</th>
                <th scope="col">Ingelezen</th>
                <th scope="col">Status</th>
                <th scope="col" className="gw-numeric">
                  Regels
                </th>
                <th scope="col">Uitkomst</th>
              </tr>
            </thead>
            <tbody>
              {runs.map((r) => (
                <tr key={r.id}>
                  <th scope="row">
                    <Link to={urls.admin.beheer.import(r.id)}>{r.fileName}</Link>
                  </th>
                  <td>{r.municipalityName}</td>
                  <td>
                    {formatDateTime(r.createdAt)} door {r.createdByName}
                  </td>
                  <td>{importStatusLabel[r.status]}</td>
                  <td className="gw-numeric">{formatCount(r.totalRows)}</td>
                  <td>
                    {r.status === 'APPLIED'
                      ? `${formatCount(r.createdRows)} aangemaakt, ${formatCount(r.updatedRows)} bijgewerkt, ${formatCount(r.failedRows)} mislukt`
                      : r.invalidRows
                        ? `${formatCount(r.invalidRows)} ongeldig`
                        : '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p>Er is nog niets geïmporteerd.</p>
      )}
    </section>
  );
}
