import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router';
import { graphql } from '../../graphql/generated';
import { urls } from '../../lib/urls';
import { formatCents } from '../money/formatCents';
import { plural } from '@/lib/plural';

/**
 * The household's orders that wait for their own contribution: their budget is held (booked, not spendable) until the
 * contribution is paid or the order is cancelled. Cancelling or checking out evicts `myOrders`, so this is read afresh.
 */
export const MyHeldOrdersDocument = graphql(`
  query MyHeldOrders {
    myOrders(filter: { status: AWAITING_PAYMENT }, first: 20) {
      edges {
        node {
          id
          number
          budgetCents
          contributionCents
        }
      }
    }
  }
`);

export interface HeldOrder {
  id: string;
  number: string;
  budgetCents: number;
  contributionCents: number;
}

/** The unpaid orders and the budget they hold; none while loading or for anyone but a resident. */
export function useHeldBudget(): { orders: HeldOrder[]; heldCents: number } {
  const { data } = useQuery(MyHeldOrdersDocument, { fetchPolicy: 'cache-and-network' });
  const orders = (data?.myOrders.edges ?? []).map((e) => e.node).filter((o) => o.budgetCents > 0);
  return { orders, heldCents: orders.reduce((s, o) => s + o.budgetCents, 0) };
}

/**
 * On the budget screen: which part of the budget is held for an unpaid order, with a link to each order (where the
 * resident pays the own contribution or cancels, which gives the budget back at once).
 */
export function HeldBudgetNotice() {
  const { orders, heldCents } = useHeldBudget();
  if (!orders.length) return null;
  return (
    <section className="gw-alert gw-alert--warning gw-held-budget" aria-labelledby="vastgehouden-kop">
      <h2 id="vastgehouden-kop" className="gw-alert__title">
        {formatCents(heldCents)} van uw tegoed is vastgehouden
      </h2>
      <p>
        Dit tegoed is gereserveerd voor {plural(orders.length, 'een bestelling', 'bestellingen')} waarvan u de eigen
        bijdrage nog niet heeft betaald. Betaal de eigen bijdrage of annuleer de bestelling. Na het annuleren kunt u het
        tegoed meteen weer gebruiken.
      </p>
      <ul>
        {orders.map((o) => (
          <li key={o.id}>
            <Link to={urls.account.order(o.id)}>Bestelling {o.number}</Link>: {formatCents(o.budgetCents)} tegoed
            vastgehouden, nog {formatCents(o.contributionCents)} eigen bijdrage te betalen
          </li>
        ))}
      </ul>
    </section>
  );
}
