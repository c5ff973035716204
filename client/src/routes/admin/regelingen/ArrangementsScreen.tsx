import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router';
import { Page } from '../../../components/layout/Page';
import { Money } from '../../../components/money/Money';
import { Loading } from '../../../components/ui/Loading';
import { QueryError } from '../../../components/ui/QueryError';
import { graphql } from '../../../graphql/generated';
import { urls } from '../../../lib/urls';
import { shortDay } from '../klantgroep/shared';

const AdminArrangementsDocument = graphql(`
  query AdminArrangements {
    arrangements {
      id
      name
      validFrom
      validUntil
      defaultAmountCents
      grantedCents
      spentCents
      remainingCents
      assignmentCount
      municipality {
        id
        name
      }
    }
  }
`);

const percent = new Intl.NumberFormat('nl-NL', { style: 'percent', maximumFractionDigits: 0 });

/** /admin/regelingen: the arrangements of the staff member's municipalities, with budget use from the ledger. */
export default function ArrangementsScreen() {
  const { data, loading, error, refetch } = useQuery(AdminArrangementsDocument, { fetchPolicy: 'cache-and-network' });
  const list = data?.arrangements;

  return (
    <Page title="Regelingen" lead="De regelingen van de gemeenten waarvoor u werkt, met wat er is toegekend en besteed (uit het grootboek).">
      <p>
        <Link to={urls.admin.newArrangement()} className="gw-button">
          Nieuwe regeling
        </Link>
      </p>
      <div aria-busy={loading && !data}>
        {loading && !data ? <Loading /> : null}
        {error && !data ? <QueryError message="De regelingen konden niet worden geladen." onRetry={() => void refetch()} /> : null}
        {list && list.length === 0 ? <p>Er zijn nog geen regelingen.</p> : null}
        {list && list.length > 0 ? (
          <div className="gw-table-wrapper">
            <table className="gw-table">
              <caption>Regelingen en budgetgebruik</caption>
              <thead>
                <tr>
                  <th scope="col">Regeling</th>
                  <th scope="col">Looptijd</th>
                  <th scope="col">Standaardbedrag</th>
                  <th scope="col">Toewijzingen</th>
                  <th scope="col">Toegekend</th>
                  <th scope="col">Besteed</th>
                  <th scope="col">Nog te besteden</th>
                </tr>
              </thead>
              <tbody>
                {list.map((a) => (
                  <tr key={a.id}>
                    <th scope="row">
                      <Link to={urls.admin.arrangement(a.id)}>{a.name}</Link>
                      <br />
                      <span className="gw-muted" style={{ fontWeight: 'normal' }}>
                        {a.municipality.name}
                      </span>
                    </th>
                    <td style={{ whiteSpace: 'nowrap' }}>
                      {shortDay(a.validFrom)} t/m {shortDay(a.validUntil)}
                    </td>
                    <td>
                      <Money cents={a.defaultAmountCents} />
                    </td>
                    <td>{a.assignmentCount}</td>
                    <td>
                      <Money cents={a.grantedCents} />
                    </td>
                    <td>
                      <Money cents={a.spentCents} />
                      {a.grantedCents > 0 ? <span className="gw-muted"> ({percent.format(a.spentCents / a.grantedCents)})</span> : null}
                    </td>
                    <td>
                      <Money cents={a.remainingCents} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </div>
    </Page>
  );
}
