import { formatDate } from '@/components/dates/formatDate';
import { ConnectionTable, useConnection, type Column } from '@/components/lists';
import { Money } from '@/components/money/Money';
import { graphql } from '@/graphql/generated';
import type { MyPayoutsQuery } from '@/graphql/generated/graphql';

const MyPayoutsDocument = graphql(`
  query MyPayouts($first: Int, $after: String) {
    myPayouts(first: $first, after: $after) {
      totalCount
      pageInfo {
        ...PageInfoFields @unmask
      }
      edges {
        cursor
        node {
          id
          reference
          municipalityName
          paidAt
          amountCents
          orderCount
          specificationUrl
        }
      }
    }
  }
`);

type Payout = MyPayoutsQuery['myPayouts']['edges'][number]['node'];

const columns: Column<Payout>[] = [
  { header: 'Datum', rowHeader: true, cell: (p) => formatDate(p.paidAt) },
  { header: 'Kenmerk', cell: (p) => p.reference },
  { header: 'Gemeente', cell: (p) => p.municipalityName },
  { header: 'Bedrag', numeric: true, cell: (p) => <Money cents={p.amountCents} /> },
  {
    header: 'Specificatie',
    cell: (p) => (
      <a href={p.specificationUrl} download>
        Specificatie {p.reference} (CSV, {p.orderCount} {p.orderCount === 1 ? 'bestelling' : 'bestellingen'})
      </a>
    ),
  },
];

/**
 * "Uitbetalingen" on /aanbieder/profiel: what the municipality paid the provider, with the reference on the bank
 * statement and per payout a CSV specification of every order, for the provider's own bookkeeping.
 */
export function ProviderPayouts() {
  const list = useConnection(MyPayoutsDocument, { variables: {}, field: 'myPayouts' });
  return (
    <section aria-labelledby="uitbetalingen-kop">
      <h2 id="uitbetalingen-kop">Uitbetalingen</h2>
      <p>
        Wat de gemeente u heeft overgemaakt voor geleverde bestellingen. Het kenmerk staat ook bij de betaling op uw
        afschrift; de specificatie noemt elke bestelling met het bedrag.
      </p>
      <ConnectionTable
        list={list}
        caption="Uitbetalingen aan uw organisatie"
        columns={columns}
        empty="Er zijn nog geen uitbetalingen. Geleverde bestellingen worden na de uitbetaaltermijn van de gemeente uitbetaald."
        errorMessage="De uitbetalingen konden niet worden geladen."
        moreLabel="Meer uitbetalingen laden"
      />
    </section>
  );
}
