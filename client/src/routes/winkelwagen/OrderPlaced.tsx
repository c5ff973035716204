import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Money } from '../../components/money/Money';
import { urls } from '../../lib/urls';
import type { PlacedOrders } from './ReviewStep';

/** After "Bestellen" without an own contribution: the order numbers, each linking to the order in the account. */
export function OrderPlaced({ orders }: { orders: PlacedOrders }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const budget = orders.reduce((s, o) => s + o.budgetCents, 0);
  return (
    <section className="gw-alert gw-alert--success" aria-labelledby="besteld-kop">
      <h2 id="besteld-kop" ref={heading} tabIndex={-1}>
        Bedankt voor uw bestelling
      </h2>
      <p>
        {orders.length === 1 ? 'Uw bestelling is geplaatst' : `Uw ${orders.length} bestellingen zijn geplaatst`} en
        betaald met uw tegoed (
        <Money cents={budget} />
        ). De aanbieder ziet uw bestelling nu en laat weten wanneer u het kunt ophalen of ontvangen.
      </p>
      <ul className="gw-order-numbers">
        {orders.map((o) => (
          <li key={o.id}>
            <Link to={urls.account.order(o.id)}>Bestelling {o.number}</Link> bij {o.providerName}:{' '}
            <Money cents={o.totalCents} />
          </li>
        ))}
      </ul>
      <p>
        <Link to={urls.account.orders()}>Al uw bestellingen</Link> · <Link to={urls.catalogue()}>Verder winkelen</Link>
      </p>
    </section>
  );
}
