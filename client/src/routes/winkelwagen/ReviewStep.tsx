import { useMutation, useQuery } from '@apollo/client/react';
import { useMutationForm } from '../../components/forms/useMutationForm';
import { Money } from '../../components/money/Money';
import { Alert } from '../../components/ui/Alert';
import { Loading } from '../../components/ui/Loading';
import { QueryError } from '../../components/ui/QueryError';
import { MyCartDocument } from '../../components/cart/useCart';
import { graphql } from '../../graphql/generated';
import type { PlaceOrderMutation } from '../../graphql/generated/graphql';
import { checkoutErrorHint } from './checkoutErrors';

const CheckoutPreviewDocument = graphql(`
  query CheckoutPreview {
    checkoutPreview {
      totalCents
      budgetCents
      contributionCents
      canOrder
      errors {
        ...UserErrorFields @unmask
      }
      orders {
        providerId
        providerName
        totalCents
        budgetCents
        contributionCents
        lines {
          productId
          title
          quantity
          unitPriceCents
          totalCents
          budgetCents
          contributionCents
          beneficiaryId
          beneficiaryName
          allocations {
            assignmentId
            arrangementName
            amountCents
          }
        }
      }
    }
  }
`);

const PlaceOrderDocument = graphql(`
  mutation PlaceOrder($input: CheckoutInput!) {
    checkout(input: $input) {
      errors {
        ...UserErrorFields @unmask
      }
      contributionCents
      paymentUrl
      orders {
        id
        number
        status
        providerName
        totalCents
        budgetCents
        contributionCents
        allocations {
          assignmentId
          arrangementName
          amountCents
        }
      }
    }
  }
`);

export type PlacedOrders = PlaceOrderMutation['checkout']['orders'];

interface ReviewStepProps {
  /** Made when the page opened: a second click (or a retry after a lost answer) books once. */
  idempotencyKey: string;
  onPlaced: (orders: PlacedOrders) => void;
  onBack: () => void;
  /** Products for which the cart asked "Voor wie?": their lines say for whom they are. */
  askedFor?: ReadonlySet<string>;
}

/**
 * Step 2: how the budget covers each line (the server's own plan, nothing booked yet), the own contribution if any,
 * and "Bestellen". With an own contribution the resident goes on to the payment page.
 */
export function ReviewStep({ idempotencyKey, onPlaced, onBack, askedFor }: ReviewStepProps) {
  const preview = useQuery(CheckoutPreviewDocument, { fetchPolicy: 'network-only' });
  const [placeOrder] = useMutation(PlaceOrderDocument);
  const contributionCents = preview.data?.checkoutPreview.contributionCents ?? 0;
  const form = useMutationForm({
    id: 'bestellen',
    fields: [],
    summaryTitle: 'Uw bestelling is niet geplaatst',
    mutate: async () => {
      const { data } = await placeOrder({
        variables: { input: { idempotencyKey, expectedContributionCents: contributionCents } },
        refetchQueries: [{ query: MyCartDocument }],
        update: (cache) => {
          cache.evict({ fieldName: 'myOrders' });
          cache.evict({ fieldName: 'myAssignments' }); // the budget in the header
          cache.gc();
        },
      });
      const result = data?.checkout;
      if (!result?.errors.length) return result;
      // Refused (the budget or the offer changed): the overview is read again; each message says what to do.
      void preview.refetch().catch(() => undefined);
      return {
        ...result,
        errors: result.errors.map((e) => ({ ...e, message: `${e.message} ${checkoutErrorHint(e.code)}`.trim() })),
      };
    },
    onSuccess: (result) => {
      // With an own contribution: the payment page of the payment service provider (or its simulator), a full page load.
      if (result.paymentUrl) window.location.assign(result.paymentUrl);
      else onPlaced(result.orders);
    },
  });

  if (preview.loading && !preview.data) {
    return (
      <div aria-busy="true">
        <Loading label="Wij rekenen uit hoe uw tegoed de bestelling betaalt…" />
      </div>
    );
  }
  if (preview.error || !preview.data) {
    return (
      <QueryError
        message="Het overzicht van uw bestelling kon niet worden geladen."
        onRetry={() => void preview.refetch()}
      />
    );
  }
  const p = preview.data.checkoutPreview;

  return (
    <>
      <p>
        Uw tegoed betaalt eerst, van de regeling die het eerst afloopt. Wat uw tegoed niet betaalt, is uw eigen
        bijdrage.
      </p>

      {p.errors.length ? (
        <Alert variant="error" title="U kunt zo nog niet bestellen">
          <ul>
            {p.errors.map((e, i) => (
              <li key={i}>
                {e.message} {checkoutErrorHint(e.code)}
              </li>
            ))}
          </ul>
        </Alert>
      ) : null}

      {p.orders.map((order) => (
        <section key={order.providerId} className="gw-cart-group" aria-label={`Bestelling bij ${order.providerName}`}>
          <h3>Bestelling bij {order.providerName}</h3>
          <div className="gw-table-wrapper">
            <table className="gw-table gw-table--stack">
              <caption className="gw-visually-hidden">
                Hoe uw tegoed de bestelling bij {order.providerName} betaalt
              </caption>
              <thead>
                <tr>
                  <th scope="col">Product</th>
                  <th scope="col" className="gw-num">
                    Aantal
                  </th>
                  <th scope="col" className="gw-num">
                    Bedrag
                  </th>
                  <th scope="col">Van uw tegoed</th>
                  <th scope="col" className="gw-num">
                    Eigen bijdrage
                  </th>
                </tr>
              </thead>
              <tbody>
                {order.lines.map((line) => (
                  <tr key={`${line.productId}-${line.beneficiaryId ?? ''}`}>
                    <td data-label="Product">
                      <div>
                        {line.title}
                        {line.beneficiaryName && askedFor?.has(line.productId) ? (
                          <span className="gw-cart-for"> Voor {line.beneficiaryName}</span>
                        ) : null}
                      </div>
                    </td>
                    <td className="gw-num" data-label="Aantal">
                      {line.quantity}
                    </td>
                    <td className="gw-num" data-label="Bedrag">
                      <Money cents={line.totalCents} />
                    </td>
                    <td data-label="Van uw tegoed">
                      {line.allocations.length ? (
                        <ul className="gw-cart-allocations">
                          {line.allocations.map((a) => (
                            <li key={a.assignmentId}>
                              <Money cents={a.amountCents} /> uit {a.arrangementName}
                            </li>
                          ))}
                        </ul>
                      ) : (
                        <Money cents={0} />
                      )}
                    </td>
                    <td className="gw-num" data-label="Eigen bijdrage">
                      <Money cents={line.contributionCents} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ))}

      <dl className="gw-cart-totals" aria-label="Totalen">
        <dt>Totaal</dt>
        <dd>
          <Money cents={p.totalCents} />
        </dd>
        <dt>Van uw tegoed</dt>
        <dd>
          <Money cents={p.budgetCents} />
        </dd>
        <dt>Eigen bijdrage</dt>
        <dd>
          <Money cents={p.contributionCents} />
        </dd>
      </dl>

      {p.contributionCents > 0 && p.canOrder ? (
        <section aria-labelledby="eigen-bijdrage-kop">
          <h3 id="eigen-bijdrage-kop">Eigen bijdrage</h3>
          <p>
            Uw tegoed is niet genoeg voor alles. U betaalt <Money cents={p.contributionCents} /> zelf, met iDEAL. Na het
            bestellen gaat u naar de betaalpagina. Uw bestelling gaat naar de aanbieder zodra u betaald heeft. Betaalt u
            niet, dan vervalt de bestelling en krijgt u uw tegoed terug.
          </p>
        </section>
      ) : null}

      {form.summary}
      <div role="status" aria-live="polite" className="gw-visually-hidden">
        {form.busy ? 'Uw bestelling wordt geplaatst…' : ''}
      </div>

      <div className="gw-actions">
        <button
          type="button"
          className="gw-button gw-button--large"
          onClick={() => void form.submit()}
          disabled={form.busy || !p.canOrder}
        >
          Bestellen
        </button>
        <button type="button" className="gw-button gw-button--secondary" onClick={onBack} disabled={form.busy}>
          Terug naar winkelwagen
        </button>
      </div>
    </>
  );
}
