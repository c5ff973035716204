import { Link } from 'react-router';
import { formatCount, formatDateTime } from '@/components/dates/formatDate';
import { DataTable } from '@/components/ui/DataTable';
import type { ImportOverviewQuery } from '@/graphql/generated/graphql';
import { urls } from '@/lib/urls';
import { importStatusLabel } from '@/vocabulary/importStatus';

/** "Eerdere imports": the latest runs, each a link that shows it (?import=<id>). */
export function ImportHistory({ runs }: { runs: ImportOverviewQuery['importRuns'] }) {
  return (
    <section aria-labelledby="eerder-kop">
      <h2 id="eerder-kop">Eerdere imports</h2>
      {runs.length ? (
        <DataTable
          caption={`De laatste ${formatCount(runs.length)} imports`}
          headers={['Bestand', 'Gemeente', 'Ingelezen', 'Status', { label: 'Regels', numeric: true }, 'Uitkomst']}
        >
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
              <td className="gw-num">{formatCount(r.totalRows)}</td>
              <td>
                {r.status === 'APPLIED'
                  ? `${formatCount(r.createdRows)} aangemaakt, ${formatCount(r.updatedRows)} bijgewerkt, ${formatCount(r.failedRows)} mislukt`
                  : r.invalidRows
                    ? `${formatCount(r.invalidRows)} ongeldig`
                    : '—'}
              </td>
            </tr>
          ))}
        </DataTable>
      ) : (
        <p>Er is nog niets geïmporteerd.</p>
      )}
    </section>
  );
}
