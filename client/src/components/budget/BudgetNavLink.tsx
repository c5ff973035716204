import { useQuery } from '@apollo/client/react';
import { NavLink } from 'react-router';
import { graphql } from '../../graphql/generated';
import { urls } from '../../lib/urls';
import { formatCents } from '../money/formatCents';
import { spendableCents } from './spendable';
import './budget.css';

/**
 * The same fields as the "Regelingen" screen, so the two always agree and share the cache: an order that spends budget
 * evicts `myAssignments` (as a cancellation does), and the header reads it again; likewise the orders that wait for
 * their own contribution (`myOrders`, evicted by checkout, payment and cancellation), whose budget is held.
 * One query for the header, in the code every public page loads (its JavaScript budget).
 */
export const MyBudgetDocument = graphql(`
  query MyBudget {
    myAssignments {
      id
      balanceCents
      status
    }
    myOrders(filter: { status: AWAITING_PAYMENT }, first: 20) {
      edges {
        node {
          id
          budgetCents
        }
      }
    }
  }
`);

/**
 * The resident's budget left in the header ("Tegoed: € 312,50"), a link to their arrangements; with the part held for an
 * order whose own contribution is not paid yet (the arrangements screen links to that order).
 */
export function BudgetNavLink() {
  const { data } = useQuery(MyBudgetDocument);
  const cents = data ? spendableCents(data.myAssignments) : null;
  const heldCents = (data?.myOrders.edges ?? []).reduce((sum, e) => sum + e.node.budgetCents, 0);
  return (
    <NavLink to={urls.account.assignments()} className="gw-budget-link">
      Tegoed
      {cents === null ? null : (
        <>
          : <span className="gw-budget-link__amount">{formatCents(cents)}</span>
        </>
      )}
      {heldCents > 0 ? <span className="gw-budget-link__held"> (+ {formatCents(heldCents)} vastgehouden)</span> : null}
    </NavLink>
  );
}
