import { useQuery } from '@apollo/client/react';
import { Fragment } from 'react';
import { Link } from 'react-router';
import { graphql } from '../../graphql/generated';
import { urls } from '../../lib/urls';
import { hasPermission, useViewer } from '../../lib/viewer';

const ArrangementLedgerCodesDocument = graphql(`
  query ArrangementLedgerCodes($arrangementId: ID!) {
    arrangementLedgerCodes(arrangementId: $arrangementId) {
      municipalityId
      codes {
        kind
        label
        glAccount
        costCentre
        overridden
      }
    }
  }
`);

/**
 * The general-ledger codes an arrangement's bookings get (its own or the municipality's), on the arrangement screen;
 * they are set in one place, journaalposten/instellingen, which this links to.
 */
export function ArrangementLedgerCodes({ arrangementId }: { arrangementId: string }) {
  const { viewer } = useViewer();
  const query = useQuery(ArrangementLedgerCodesDocument, {
    variables: { arrangementId },
    fetchPolicy: 'cache-and-network',
  });
  const found = query.data?.arrangementLedgerCodes;
  if (!found) return null;
  const settings = `${urls.admin.beheer.journalSettings()}?gemeente=${encodeURIComponent(found.municipalityId)}`;
  return (
    <section aria-labelledby="grootboek-kop">
      <h2 id="grootboek-kop">Grootboekcodes</h2>
      <dl className="gw-definition-list">
        {found.codes.map((c) => (
          <Fragment key={c.kind}>
            <dt>{c.label}</dt>
            <dd>
              {c.glAccount
                ? `${c.glAccount}${c.costCentre ? ` / kostenplaats ${c.costCentre}` : ''}`
                : 'Niet ingesteld'}
              {c.glAccount ? (c.overridden ? ' (eigen code van deze regeling)' : ' (code van de gemeente)') : ''}
            </dd>
          </Fragment>
        ))}
      </dl>
      {hasPermission(viewer, 'JOURNAL_EXPORT') ? (
        <p>
          <Link to={settings}>Grootboekcodes wijzigen bij Instellingen journaalposten</Link>
        </p>
      ) : (
        <p className="gw-muted">De grootboekcodes worden ingesteld door Financiën bij Instellingen journaalposten.</p>
      )}
    </section>
  );
}
