import { useMutation } from '@apollo/client/react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { formatCents } from '@/components/money/formatCents';
import { Alert } from '@/components/ui/Alert';
import { graphql } from '@/graphql/generated';
import type { OrderStatus } from '@/graphql/generated/graphql';
import { urls } from '@/lib/urls';

const PayOwnContributionDocument = graphql(`
  mutation PayOwnContribution($orderId: ID!) {
    payOwnContribution(orderId: $orderId) {
      paymentUrl
      errors {
        code
        message
      }
    }
  }
`);

const CancelUnpaidOrderDocument = graphql(`
  mutation CancelUnpaidOrder($id: ID!) {
    cancelUnpaidOrder(id: $id) {
      errors {
        code
        message
      }
      order {
        id
        status
        cancelReason
        ...OrderTimeline_order
        ...OrderPayment_order
      }
    }
  }
`);

interface UnpaidContributionProps {
  order: { id: string; number: string; status: OrderStatus; budgetCents: number; contributionCents: number };
}

type Step = 'idle' | 'confirm' | 'cancelled';

/**
 * Shown for every order with an own contribution; says something only while it is unpaid (and after cancelling here).
 * An order whose own contribution is not paid yet (the resident left the payment page): pay it now ("Eigen bijdrage
 * betalen" opens a new payment page; the earlier one stops working) or cancel the order, after a confirmation, with
 * the budget back at once. The server decides; its Dutch message is shown as it is, and the focus goes to the result.
 */
export function UnpaidContribution({ order }: UnpaidContributionProps) {
  const [step, setStep] = useState<Step>('idle');
  const [error, setError] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  const confirmHeading = useRef<HTMLHeadingElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const result = useRef<HTMLDivElement>(null);
  const [pay] = useMutation(PayOwnContributionDocument);
  const [cancel, cancelState] = useMutation(CancelUnpaidOrderDocument, {
    update(cache) {
      // The budget, the order lists and the inbox changed on the server: read them afresh where they are shown next.
      for (const fieldName of ['myOrders', 'myAssignments', 'myMessages', 'myUnreadMessageCount'])
        cache.evict({ fieldName });
      cache.gc();
    },
  });

  useEffect(() => {
    if (step === 'confirm') confirmHeading.current?.focus();
    if (step === 'cancelled') result.current?.focus();
  }, [step]);
  useEffect(() => {
    if (error) result.current?.focus();
  }, [error]);

  async function startPayment() {
    setError(null);
    setPaying(true);
    try {
      const answer = (await pay({ variables: { orderId: order.id } })).data?.payOwnContribution;
      if (answer?.paymentUrl) {
        window.location.assign(answer.paymentUrl);
        return;
      }
      setError(answer?.errors[0]?.message ?? 'De betaalpagina kan nu niet worden geopend. Probeer het later opnieuw.');
    } catch {
      setError('De betaalpagina kan nu niet worden geopend. Probeer het later opnieuw.');
    }
    setPaying(false);
  }

  async function confirmCancel() {
    setError(null);
    try {
      const answer = (await cancel({ variables: { id: order.id } })).data?.cancelUnpaidOrder;
      if (answer && !answer.errors.length) {
        setStep('cancelled');
        return;
      }
      setError(answer?.errors[0]?.message ?? 'De bestelling kon niet worden geannuleerd. Probeer het later opnieuw.');
    } catch {
      setError('De bestelling kon niet worden geannuleerd. Probeer het later opnieuw.');
    }
  }

  if (step === 'cancelled') {
    return (
      <div ref={result} tabIndex={-1}>
        <Alert variant="success" role="status" title="Uw bestelling is geannuleerd">
          <p>
            {order.budgetCents > 0
              ? `Het tegoed van ${formatCents(order.budgetCents)} staat weer op uw regeling. U kunt het meteen weer gebruiken. `
              : ''}
            U hoeft de eigen bijdrage niet meer te betalen.{' '}
            <Link to={urls.account.assignments()}>Bekijk uw tegoed</Link>
          </p>
        </Alert>
      </div>
    );
  }

  // Paid, or cancelled elsewhere: nothing to do here (the order's own cancel applies once it is placed).
  if (order.status !== 'AWAITING_PAYMENT') return null;
  return (
    <section aria-labelledby="eigen-bijdrage-kop" className="gw-unpaid-contribution">
      <h2 id="eigen-bijdrage-kop">Eigen bijdrage nog niet betaald</h2>
      <p>
        U moet voor deze bestelling nog {formatCents(order.contributionCents)} eigen bijdrage betalen. Pas daarna geven
        wij de bestelling door aan de aanbieder.
        {order.budgetCents > 0
          ? ` Zolang houden wij ${formatCents(order.budgetCents)} van uw tegoed vast voor deze bestelling.`
          : ''}{' '}
        Betaalt u niet, dan annuleren wij de bestelling vanzelf na een tijdje.
      </p>
      <div ref={result} tabIndex={-1}>
        {error ? (
          <Alert variant="error" role="alert">
            <p>{error}</p>
          </Alert>
        ) : null}
      </div>
      {step === 'idle' ? (
        <div className="gw-form-actions">
          <button type="button" className="gw-button" onClick={startPayment} disabled={paying}>
            {paying ? 'Betaalpagina openen…' : 'Eigen bijdrage betalen'}
          </button>
          <button
            ref={cancelButton}
            type="button"
            className="gw-button gw-button--secondary"
            disabled={paying}
            onClick={() => {
              setError(null);
              setStep('confirm');
            }}
          >
            Bestelling annuleren
          </button>
        </div>
      ) : (
        <div className="gw-cancel-confirm" role="group" aria-labelledby="onbetaald-annuleren-vraag">
          <h3 id="onbetaald-annuleren-vraag" ref={confirmHeading} tabIndex={-1}>
            Weet u zeker dat u bestelling {order.number} wilt annuleren?
          </h3>
          <p>
            {order.budgetCents > 0 ? `Het tegoed van ${formatCents(order.budgetCents)} komt meteen terug. ` : ''}U kunt
            de bestelling daarna niet meer betalen.
          </p>
          <div className="gw-form-actions">
            <button
              type="button"
              className="gw-button gw-button--danger"
              disabled={cancelState.loading}
              onClick={confirmCancel}
            >
              {cancelState.loading ? 'Bezig met annuleren…' : 'Ja, annuleer de bestelling'}
            </button>
            <button
              type="button"
              className="gw-button gw-button--secondary"
              disabled={cancelState.loading}
              onClick={() => {
                setStep('idle');
                window.setTimeout(() => cancelButton.current?.focus(), 0);
              }}
            >
              Nee, niet annuleren
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
