import { useMutation, useQuery } from '@apollo/client/react';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { formatDateTime } from '../../../components/dates/formatDate';
import { TextAreaField } from '../../../components/forms/fields';
import { Page } from '../../../components/layout/Page';
import { Money } from '../../../components/money/Money';
import { OrderLinesTable } from '../../../components/orders/OrderLinesTable';
import { OrderStatusBadge } from '../../../components/orders/OrderStatusBadge';
import { OrderTimeline } from '../../../components/orders/OrderTimeline';
import { Alert } from '../../../components/ui/Alert';
import { Loading } from '../../../components/ui/Loading';
import { QueryError } from '../../../components/ui/QueryError';
import { graphql } from '../../../graphql/generated';
import { urls } from '../../../lib/urls';
import NotFoundScreen from '../../NotFoundScreen';
import './orderWork.css';
import {
  AcceptOrderDocument,
  DeliverOrderDocument,
  REASON_RULES,
  reasonProblem,
  RejectOrderDocument,
  SERVICE_ERROR,
} from './orderActions';

const ProviderOrderDocument = graphql(`
  query ProviderOrder($id: ID!) {
    order(id: $id) {
      id
      number
      status
      createdAt
      totalCents
      budgetCents
      contributionCents
      pickupCode
      cancelReason
      customerFirstName
      lines {
        id
        title
        quantity
        unitPriceCents
        totalCents
      }
      events {
        fromStatus
        toStatus
        actorKind
        reason
        at
      }
    }
  }
`);

/** One of the provider's orders: what was ordered, by whom (first name), the pickup code, the timeline and the actions. */
export default function OrderScreen() {
  const { orderId = '' } = useParams();
  const { data, loading, error, refetch } = useQuery(ProviderOrderDocument, { variables: { id: orderId } });
  const refetchQueries = ['ProviderOrders'];
  const [accept, acceptState] = useMutation(AcceptOrderDocument, { refetchQueries });
  const [deliver, deliverState] = useMutation(DeliverOrderDocument, { refetchQueries });
  const [reject, rejectState] = useMutation(RejectOrderDocument, { refetchQueries });
  const [notice, setNotice] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [reasonError, setReasonError] = useState<string | null>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const title = 'Bestelling';

  if (loading && !data) {
    return (
      <Page title={title}>
        <div aria-busy="true">
          <Loading />
        </div>
      </Page>
    );
  }
  if (error && !data) {
    return (
      <Page title={title}>
        <QueryError message="Deze bestelling kon niet worden geladen." onRetry={() => void refetch()} />
      </Page>
    );
  }
  const order = data?.order;
  // Orders waiting for the own contribution have not reached the provider yet.
  if (!order || order.status === 'AWAITING_PAYMENT') return <NotFoundScreen />;
  const busy = acceptState.loading || deliverState.loading || rejectState.loading;
  const open = order.status === 'PLACED' || order.status === 'ACCEPTED';

  async function run(action: () => Promise<readonly { message: string }[] | undefined>, success: string) {
    setNotice(null);
    setFormError(null);
    try {
      const errors = (await action()) ?? [];
      if (errors.length) setFormError(errors.map((e) => e.message).join(' '));
      else setNotice(success);
    } catch {
      setFormError(SERVICE_ERROR);
    }
  }

  async function onReject(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const reason = String(new FormData(form).get('reason') ?? '').trim();
    const problem = reasonProblem(reason, 'De klant ziet deze reden.');
    if (problem) {
      setReasonError(problem);
      reasonRef.current?.focus();
      return;
    }
    setReasonError(null);
    await run(async () => {
      const result = await reject({ variables: { id: orderId, reason } });
      const errors = result.data?.rejectOrder.errors ?? [];
      const onField = errors.find((e) => e.field === 'reason');
      if (onField) {
        setReasonError(onField.message);
        reasonRef.current?.focus();
        return [];
      }
      if (!errors.length) form.reset();
      return errors;
    }, 'U heeft de bestelling afgewezen. Het tegoed gaat terug naar de klant en de klant krijgt een e-mail met uw reden.');
  }

  return (
    <Page title={`Bestelling ${order.number}`} crumb={order.number}>
      {notice ? (
        <Alert variant="success" role="status">
          <p>{notice}</p>
          <p>
            <Link to={urls.provider.orders()}>Terug naar de bestellingen</Link>
          </p>
        </Alert>
      ) : null}
      {formError ? (
        <Alert variant="error" role="alert">
          <p>{formError}</p>
        </Alert>
      ) : null}

      <dl className="gw-definition-list">
        <dt>Status</dt>
        <dd>
          <OrderStatusBadge status={order.status} />
        </dd>
        <dt>Besteld op</dt>
        <dd>{formatDateTime(order.createdAt)}</dd>
        <dt>Klant</dt>
        <dd>{order.customerFirstName ?? 'Onbekend'}</dd>
        {order.pickupCode ? (
          <>
            <dt>Afhaalcode</dt>
            <dd>
              <strong className="gw-code">{order.pickupCode}</strong>
            </dd>
          </>
        ) : null}
        {order.status === 'CANCELLED' && order.cancelReason ? (
          <>
            <dt>Reden van annuleren</dt>
            <dd>{order.cancelReason}</dd>
          </>
        ) : null}
      </dl>

      <OrderLinesTable
        lines={order.lines}
        caption="Bestelde producten"
        footer={
          <>
            <tr>
              <th scope="row" colSpan={3}>
                Totaal (uit tegoed <Money cents={order.budgetCents} />, eigen bijdrage <Money cents={order.contributionCents} />)
              </th>
              <td className="gw-num">
                <strong>
                  <Money cents={order.totalCents} />
                </strong>
              </td>
            </tr>
          </>
        }
      />

      {open ? (
        <section aria-labelledby="behandelen-kop">
          <h2 id="behandelen-kop">Bestelling behandelen</h2>
          <div className="gw-actions">
            {order.status === 'PLACED' ? (
              <button
                type="button"
                className="gw-button"
                disabled={busy}
                onClick={() =>
                  void run(
                    async () => (await accept({ variables: { id: orderId } })).data?.acceptOrder.errors,
                    'U heeft de bestelling geaccepteerd. De klant krijgt hiervan een e-mail.',
                  )
                }
              >
                Accepteren
              </button>
            ) : null}
            <button
              type="button"
              className={order.status === 'PLACED' ? 'gw-button gw-button--secondary' : 'gw-button'}
              disabled={busy}
              onClick={() =>
                void run(
                  async () => (await deliver({ variables: { id: orderId } })).data?.deliverOrder.errors,
                  'De bestelling is als geleverd gemeld. De klant krijgt hiervan een e-mail.',
                )
              }
            >
              Markeren als geleverd
            </button>
          </div>
          <form className="gw-form" noValidate onSubmit={(e) => void onReject(e)}>
            <TextAreaField
              ref={reasonRef}
              label="Reden van afwijzen"
              name="reason"
              rows={3}
              maxLength={REASON_RULES.max}
              hint="Kunt u de bestelling niet leveren? Wijs haar af met een reden. De klant ziet deze reden en krijgt het tegoed terug."
              error={reasonError}
              required
            />
            <button type="submit" className="gw-button gw-button--danger" disabled={busy}>
              Afwijzen
            </button>
          </form>
        </section>
      ) : null}

      <h2>Verloop</h2>
      <OrderTimeline events={order.events} perspective="provider" />
    </Page>
  );
}
