import { useMutation } from '@apollo/client/react';
import { ORDER_REASON_LIMITS, orderReasonRules } from '@rules/order';
import { useEffect, useRef, useState } from 'react';
import { TextAreaField } from '@/components/forms/fields';
import { ruleCheck } from '@/components/forms/ruleCheck';
import { useMutationForm } from '@/components/forms/useMutationForm';
import { Alert } from '@/components/ui/Alert';
import { graphql } from '@/graphql/generated';
import type { OrderStatus } from '@/graphql/generated/graphql';

const CancelMyOrderDocument = graphql(`
  mutation CancelMyOrder($id: ID!, $reason: String) {
    cancelMyOrder(id: $id, reason: $reason) {
      refundCents
      errors {
        ...UserErrorFields @unmask
      }
      order {
        id
        status
        cancelReason
        ...OrderTimeline_order
      }
    }
  }
`);

interface CancelOrderProps {
  order: {
    id: string;
    number: string;
    status: OrderStatus;
    providerName: string;
    budgetCents: number;
    contributionCents: number;
  };
}

type Step = 'idle' | 'confirm' | 'done';

const check = ruleCheck({ reason: orderReasonRules.customerCancel });

/**
 * Cancelling one's own order while the provider has not accepted it (PLACED), with a confirmation step and an
 * optional reason for the provider. The server decides; its Dutch error is shown as it is.
 */
export function CancelOrder({ order }: CancelOrderProps) {
  const [step, setStep] = useState<Step>('idle');
  const confirmHeading = useRef<HTMLHeadingElement>(null);
  const startButton = useRef<HTMLButtonElement>(null);
  const doneNotice = useRef<HTMLDivElement>(null);
  const [cancel] = useMutation(CancelMyOrderDocument, {
    update(cache) {
      // Lists, balances and the inbox changed on the server: read them afresh where they are shown next.
      for (const fieldName of ['myOrders', 'myAssignments', 'myMessages', 'myUnreadMessageCount'])
        cache.evict({ fieldName });
      cache.gc();
    },
  });
  const form = useMutationForm({
    id: 'annuleren',
    fields: ['reason'],
    check,
    mutate: async ({ reason }) =>
      (await cancel({ variables: { id: order.id, reason: reason.trim() || null } })).data?.cancelMyOrder,
    onSuccess: () => setStep('done'),
  });

  useEffect(() => {
    if (step === 'confirm') confirmHeading.current?.focus();
    if (step === 'done') doneNotice.current?.focus();
  }, [step]);

  if (step === 'done') {
    return (
      <div ref={doneNotice} tabIndex={-1}>
        <Alert variant="success" role="status" title="Uw bestelling is geannuleerd">
          <p>
            {order.budgetCents > 0 ? 'Het tegoed staat weer op uw regeling. ' : ''}
            {order.contributionCents > 0 ? 'Uw eigen bijdrage betalen wij aan u terug. ' : ''}U ontvangt hierover ook
            een melding.
          </p>
        </Alert>
      </div>
    );
  }
  if (order.status === 'ACCEPTED') {
    return (
      <>
        <h2>Annuleren</h2>
        <p>
          {order.providerName} heeft uw bestelling al geaccepteerd. Wilt u toch annuleren? Neem dan contact op met{' '}
          {order.providerName}.
        </p>
      </>
    );
  }
  if (order.status !== 'PLACED') return null;

  return (
    <section aria-labelledby="annuleren-kop">
      <h2 id="annuleren-kop">Annuleren</h2>
      <p>
        U kunt deze bestelling annuleren zolang {order.providerName} haar nog niet heeft geaccepteerd.
        {order.budgetCents > 0 ? ' Het tegoed komt dan terug op uw regeling.' : ''}
        {order.contributionCents > 0 ? ' Uw eigen bijdrage betalen wij terug.' : ''}
      </p>
      {step === 'idle' ? (
        <p>
          <button
            ref={startButton}
            type="button"
            className="gw-button gw-button--secondary"
            onClick={() => setStep('confirm')}
          >
            Bestelling annuleren
          </button>
        </p>
      ) : (
        <form className="gw-form gw-cancel-confirm" {...form.props} aria-labelledby="annuleren-vraag">
          <h3 id="annuleren-vraag" ref={confirmHeading} tabIndex={-1}>
            Weet u zeker dat u bestelling {order.number} wilt annuleren?
          </h3>
          {form.summary}
          <TextAreaField
            label="Reden (niet verplicht)"
            hint={`${order.providerName} ziet deze reden.`}
            rows={3}
            maxLength={ORDER_REASON_LIMITS.max}
            {...form.field('reason')}
          />
          <div className="gw-form-actions">
            <button type="submit" className="gw-button gw-button--danger" disabled={form.busy}>
              {form.busy ? 'Bezig met annuleren…' : 'Ja, annuleer de bestelling'}
            </button>
            <button
              type="button"
              className="gw-button gw-button--secondary"
              disabled={form.busy}
              onClick={() => {
                setStep('idle');
                window.setTimeout(() => startButton.current?.focus(), 0);
              }}
            >
              Nee, niet annuleren
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
