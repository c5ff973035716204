import { formatDateTime } from '@/components/dates/formatDate';
import { ConnectionItems, useConnection } from '@/components/lists';
import { graphql } from '@/graphql/generated';

const MyDataProcessingDocument = graphql(`
  query MyDataProcessing($first: Int, $after: String) {
    myDataProcessing(first: $first, after: $after) {
      totalCount
      totalCountCapped
      pageInfo {
        ...PageInfoFields @unmask
      }
      edges {
        cursor
        node {
          id
          at
          actionName
          organisation
          reason
          dataKinds
        }
      }
    }
  }
`);

/**
 * "Wie heeft uw gegevens bekeken?" on /account/gegevens: what the municipality (or a provider) read or changed about
 * the resident and their household, with the organisation and the reason, the newest first. The same rows the privacy
 * officer sees in the audit log, without the names of staff.
 */
export function DataProcessing() {
  const list = useConnection(MyDataProcessingDocument, { variables: {}, field: 'myDataProcessing' });
  return (
    <section aria-labelledby="verwerkingen-kop">
      <h2 id="verwerkingen-kop">Wie heeft uw gegevens bekeken?</h2>
      <p>
        Hier ziet u wanneer de gemeente of een aanbieder uw gegevens heeft bekeken of veranderd, en waarom. Dat houden
        we bij voor u. Klopt er iets niet? Neem dan contact op met de gemeente.
      </p>
      <ConnectionItems
        list={list}
        label="Wie heeft uw gegevens bekeken"
        empty="Niemand heeft uw gegevens bekeken of veranderd."
        errorMessage="Dit overzicht kon niet worden geladen."
        moreLabel="Meer laden"
        item={(e) => (
          <article className="gw-card" aria-label={`${e.actionName}, ${formatDateTime(e.at)}`}>
            <p>
              <strong>{e.actionName}</strong>
              <br />
              <span className="gw-muted">
                {formatDateTime(e.at)}
                {e.organisation ? ` · ${e.organisation}` : ''}
              </span>
            </p>
            {e.dataKinds.length ? <p>Gegevens: {e.dataKinds.join(', ')}</p> : null}
            <p>Waarom: {e.reason}</p>
          </article>
        )}
      />
    </section>
  );
}
