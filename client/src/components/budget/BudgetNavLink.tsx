import { useQuery } from '@apollo/client/react';
import { NavLink } from 'react-router';
import { graphql } from '../../graphql/generated';
import { urls } from '../../lib/urls';
import { formatCents } from '../money/formatCents';
import { useHeldBudget } from './HeldBudget';
import { spendableCents } from './spendable';
import './budget.css';

/**
 * The same field as the "Regelingen" screen, so the two always agree and share the cache: an order that spends budget
 * evicts `myAssignments` (as a cancellation does), and the header reads it again.
 */
export const MyBudgetDocument = graphql(`
  query MyBudget {
    myAssignments {
      id
      balanceCents
      status
    }
  }
`);

/**
 * The resident's budget left in the header ("Budget: € 312,50"), a link to their arrangements; with the part held for an
 * order whose own contribution is not paid yet (the arrangements screen links to that order).
 */
export function BudgetNavLink() {
  const { data } = useQuery(MyBudgetDocument);
  const cents = data ? spendableCents(data.myAssignments) : null;
  const { heldCents } = useHeldBudget();
  return (
    <NavLink to={urls.account.assignments()} className="gw-budget-link">
      Budget
      {cents === null ? null : (
        <>
          : <span className="gw-budget-link__amount">{formatCents(cents)}</span>
        </>
      )}
      {heldCents > 0 ? <span className="gw-budget-link__held"> (+ {formatCents(heldCents)} vastgehouden)</span> : null}
    </NavLink>
  );
}
