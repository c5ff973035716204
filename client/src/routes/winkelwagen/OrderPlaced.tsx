import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Money } from '../../components/money/Money';
import { urls } from '../../lib/urls';
import { countOf } from '@/lib/plural';

/**
 * An order as the confirmation shows it: number, provider, and what paid for it. The checkout's answer and the
 * payment's status both select these fields; they are written out in each document, not a shared fragment, because
 * the client preset inlines a fragment's definition into every document that uses it and adds the fragment's own
 * document besides: more bytes on /winkelwagen, which is at its JavaScript budget.
 */
export interface ConfirmedOrder {
  id: string;
  number: string;
  providerName: string;
  totalCents: number;
  budgetCents: number;
  contributionCents: number;
  allocations: { assignmentId: string; arrangementName: string; amountCents: number }[];
}

/**
 * How the own contribution stands: none (the budget paid everything), paid, pending (waiting for the payment) or
 * failed (not paid: the orders are cancelled and the budget is back).
 */
export type ContributionState = 'none' | 'paid' | 'pending' | 'failed';

const TITLES: Record<ContributionState, string> = {
  none: 'Bedankt voor uw bestelling',
  paid: 'Bedankt voor uw bestelling',
  pending: 'Uw bestelling wacht op uw eigen bijdrage',
  failed: 'Uw bestelling is niet doorgegaan',
};

function contributionLabel(state: ContributionState): string {
  switch (state) {
    case 'paid':
      return 'zelf betaald';
    case 'pending':
      return 'nog te betalen';
    case 'failed':
      return 'niet betaald';
    default:
      return 'zelf te betalen';
  }
}

function NextSteps({ state }: { state: ContributionState }) {
  switch (state) {
    case 'pending':
      return (
        <p>
          Betaal uw eigen bijdrage om de bestelling af te ronden. Pas daarna gaat uw bestelling naar de aanbieder.
          Betaalt u niet, dan vervalt de bestelling na korte tijd vanzelf en staat uw tegoed weer op uw regelingen.
        </p>
      );
    case 'failed':
      return (
        <p>
          U hoeft niets te doen: er is niets afgeschreven. Wilt u het toch bestellen? Zet de producten dan opnieuw in uw
          winkelwagen.
        </p>
      );
    default:
      return (
        <p>
          De aanbieder ziet uw bestelling nu en laat weten wanneer u het kunt ophalen of ontvangen. Bij uw bestelling
          vindt u de ophaalcode; u krijgt ook een bericht als de status verandert.
        </p>
      );
  }
}

/**
 * Step 3, the confirmation: after "Bestellen" paid from the budget, and after returning from paying an own
 * contribution (with how the payment went, given as `notice`). The order numbers, per order what each budget paid and
 * the own contribution, the totals, and what happens next. The heading takes the focus when it appears.
 */
export function OrderPlaced({
  orders,
  state = 'none',
  notice,
}: {
  orders: ConfirmedOrder[];
  state?: ContributionState;
  /** The payment's status, with its actions (pay again, order again). */
  notice?: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const sum = (f: (o: ConfirmedOrder) => number) => orders.reduce((s, o) => s + f(o), 0);
  const contribution = sum((o) => o.contributionCents);
  return (
    <section className="gw-confirmation" aria-labelledby="besteld-kop">
      <h2 id="besteld-kop" ref={heading} tabIndex={-1}>
        {TITLES[state]}
      </h2>
      {notice}
      {state === 'none' ? (
        <p>
          {orders.length === 1
            ? 'Uw bestelling is geplaatst'
            : `Uw ${countOf(orders.length, 'bestelling', 'bestellingen')} zijn geplaatst`}{' '}
          en betaald met uw tegoed (
          <Money cents={sum((o) => o.budgetCents)} />
          ).
        </p>
      ) : null}
      <h3>{orders.length === 1 ? 'Uw bestelling' : 'Uw bestellingen'}</h3>
      <ul className="gw-order-numbers">
        {orders.map((o) => (
          <li key={o.id}>
            <Link to={urls.account.order(o.id)}>Bestelling {o.number}</Link> bij {o.providerName}:{' '}
            <Money cents={o.totalCents} />
            {state === 'failed' ? ' (geannuleerd, uw tegoed is teruggezet)' : null}
            {state === 'failed' ? null : (
              <ul className="gw-cart-allocations gw-confirmation-parts">
                {o.allocations.map((a) => (
                  <li key={a.assignmentId}>
                    <Money cents={a.amountCents} /> uit {a.arrangementName}
                  </li>
                ))}
                {o.contributionCents > 0 ? (
                  <li>
                    <Money cents={o.contributionCents} /> eigen bijdrage ({contributionLabel(state)})
                  </li>
                ) : null}
              </ul>
            )}
          </li>
        ))}
      </ul>
      {state === 'failed' ? null : (
        <dl className="gw-cart-totals" aria-label="Betaling">
          <dt>Totaal</dt>
          <dd>
            <Money cents={sum((o) => o.totalCents)} />
          </dd>
          <dt>Van uw tegoed</dt>
          <dd>
            <Money cents={sum((o) => o.budgetCents)} />
          </dd>
          {contribution > 0 ? (
            <>
              <dt>Eigen bijdrage ({contributionLabel(state)})</dt>
              <dd>
                <Money cents={contribution} />
              </dd>
            </>
          ) : null}
        </dl>
      )}
      <h3>Wat gebeurt er nu?</h3>
      <NextSteps state={state} />
      <p>
        <Link to={urls.account.orders()}>Al uw bestellingen</Link> · <Link to={urls.catalogue()}>Verder winkelen</Link>
      </p>
    </section>
  );
}
