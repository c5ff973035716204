import { useMutation } from '@apollo/client/react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/Alert';
import { graphql } from '../../../graphql/generated';
import type { OrderStatus } from '../../../graphql/generated/graphql';

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
        events {
          fromStatus
          toStatus
          actorKind
          reason
          at
        }
      }
    }
  }
`);

interface CancelOrderProps {
  order: { id: string; number: string; status: OrderStatus; providerName: string; budgetCents: number; contributionCents: number };
}

type Step = 'idle' | 'confirm' | 'done';

/**
 * Cancelling one's own order while the provider has not accepted it (PLACED), with a confirmation step and an
 * optional reason for the provider. The server decides; its Dutch error is shown as it is.
 */
export function CancelOrder({ order }: CancelOrderProps) {
  const [step, setStep] = useState<Step>('idle');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ field?: string | null; message: string }[]>([]);
  const confirmHeading = useRef<HTMLHeadingElement>(null);
  const startButton = useRef<HTMLButtonElement>(null);
  const doneNotice = useRef<HTMLDivElement>(null);
  const reasonId = useId();
  const [cancel, { loading }] = useMutation(CancelMyOrderDocument, {
    update(cache) {
      // Lists, balances and the inbox changed on the server: read them afresh where they are shown next.
      for (const fieldName of ['myOrders', 'myAssignments', 'myMessages', 'myUnreadMessageCount']) cache.evict({ fieldName });
      cache.gc();
    },
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
            {order.contributionCents > 0 ? 'Uw eigen bijdrage betalen wij aan u terug. ' : ''}U ontvangt hierover ook een melding.
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

  async function submit(event: FormEvent) {
    event.preventDefault();
    setErrors([]);
    try {
      const { data } = await cancel({ variables: { id: order.id, reason: reason.trim() || null } });
      const result = data?.cancelMyOrder;
      if (!result) throw new Error('no payload');
      if (result.errors.length) setErrors(result.errors);
      else setStep('done');
    } catch {
      setErrors([{ message: 'Het annuleren is niet gelukt door een storing. Probeer het over een paar minuten opnieuw.' }]);
    }
  }

  return (
    <section aria-labelledby={`${reasonId}-heading`}>
      <h2 id={`${reasonId}-heading`}>Annuleren</h2>
      <p>
        U kunt deze bestelling annuleren zolang {order.providerName} haar nog niet heeft geaccepteerd.
        {order.budgetCents > 0 ? ' Het tegoed komt dan terug op uw regeling.' : ''}
        {order.contributionCents > 0 ? ' Uw eigen bijdrage betalen wij terug.' : ''}
      </p>
      {step === 'idle' ? (
        <p>
          <button ref={startButton} type="button" className="gw-button gw-button--secondary" onClick={() => setStep('confirm')}>
            Bestelling annuleren
          </button>
        </p>
      ) : (
        <form className="gw-form gw-cancel-confirm" onSubmit={(e) => void submit(e)} noValidate aria-labelledby={`${reasonId}-confirm`}>
          <h3 id={`${reasonId}-confirm`} ref={confirmHeading} tabIndex={-1}>
            Weet u zeker dat u bestelling {order.number} wilt annuleren?
          </h3>
          {errors.length ? (
            <Alert variant="error" role="alert" title="De bestelling is niet geannuleerd">
              <ul>
                {errors.map((e, i) => (
                  <li key={i}>{e.message}</li>
                ))}
              </ul>
            </Alert>
          ) : null}
          <div className="gw-field">
            <label className="gw-field__label" htmlFor={reasonId}>
              Reden (niet verplicht)
            </label>
            <p className="gw-field__hint" id={`${reasonId}-hint`}>
              {order.providerName} ziet deze reden.
            </p>
            <textarea
              id={reasonId}
              className="gw-textarea"
              rows={3}
              maxLength={1000}
              value={reason}
              aria-describedby={`${reasonId}-hint`}
              aria-invalid={errors.some((e) => e.field === 'reason') || undefined}
              onChange={(e) => setReason(e.target.value)}
            />
          </div>
          <div className="gw-form-actions">
            <button type="submit" className="gw-button gw-button--danger" disabled={loading}>
              {loading ? 'Bezig met annuleren…' : 'Ja, annuleer de bestelling'}
            </button>
            <button
              type="button"
              className="gw-button gw-button--secondary"
              disabled={loading}
              onClick={() => {
                setStep('idle');
                setErrors([]);
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
