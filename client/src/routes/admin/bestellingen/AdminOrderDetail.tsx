import { useMutation, useQuery } from '@apollo/client/react';
import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
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
import type { AdminOrderQuery } from '../../../graphql/generated/graphql';
import { formatCents } from '../../../components/money/formatCents';
import { hasPermission, useViewer } from '../../../lib/viewer';
import { urls } from '../../../lib/urls';
import NotFoundScreen from '../../NotFoundScreen';
import { REASON_RULES, reasonProblem, SERVICE_ERROR } from '../../aanbieder/bestellingen/orderActions';

const AdminOrderDocument = graphql(`
  query AdminOrder($id: ID!) {
    adminOrder(id: $id) {
      id
      number
      status
      createdAt
      providerId
      providerName
      customerFirstName
      totalCents
      budgetCents
      contributionCents
      cancelReason
      lines {
        id
        title
        quantity
        unitPriceCents
        totalCents
      }
      allocations {
        assignmentId
        arrangementName
        amountCents
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

const CancelOrderDocument = graphql(`
  mutation CancelOrder($id: ID!, $reason: String!) {
    cancelOrder(id: $id, reason: $reason) {
      refundCents
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
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

type Order = NonNullable<AdminOrderQuery['adminOrder']>;

/** Was the own contribution paid? Then the order left AWAITING_PAYMENT for PLACED at some point. */
function contributionPaid(order: Order): boolean {
  return order.contributionCents > 0 && order.events.some((e) => e.fromStatus === 'AWAITING_PAYMENT' && e.toStatus === 'PLACED');
}

function Payment({ order }: { order: Order }) {
  const paid = contributionPaid(order);
  const cancelled = order.status === 'CANCELLED';
  return (
    <div className="gw-table-wrapper">
      <table className="gw-table">
        <caption>Betaling per regeling</caption>
        <thead>
          <tr>
            <th scope="col">Betaald met</th>
            <th scope="col" className="gw-num">
              Bedrag
            </th>
          </tr>
        </thead>
        <tbody>
          {order.allocations.map((a) => (
            <tr key={a.assignmentId}>
              <th scope="row">
                Tegoed: {a.arrangementName}
                {cancelled ? ' (teruggezet)' : ''}
              </th>
              <td className="gw-num">
                <Money cents={a.amountCents} />
              </td>
            </tr>
          ))}
          <tr>
            <th scope="row">
              Eigen bijdrage
              {order.contributionCents > 0
                ? cancelled
                  ? paid
                    ? ' (terugbetaald)'
                    : ' (niet betaald)'
                  : paid
                    ? ' (betaald)'
                    : ' (nog niet betaald)'
                : ''}
            </th>
            <td className="gw-num">
              <Money cents={order.contributionCents} />
            </td>
          </tr>
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Totaal</th>
            <td className="gw-num">
              <strong>
                <Money cents={order.totalCents} />
              </strong>
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

interface AdminOrderDetailProps {
  orderId: string;
  /** On the provider's orders screen: the order must be this provider's. */
  providerId?: string;
  /** The list to go back to. */
  backTo: string;
}

/** One order for staff: details, payment per arrangement, timeline, and cancelling with refund (ORDER_CANCEL). */
export function AdminOrderDetail({ orderId, providerId, backTo }: AdminOrderDetailProps) {
  const { viewer } = useViewer();
  const { data, loading, error, refetch } = useQuery(AdminOrderDocument, { variables: { id: orderId } });
  const [cancel, cancelState] = useMutation(CancelOrderDocument, { refetchQueries: ['AdminOrders'] });
  const [notice, setNotice] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [reasonError, setReasonError] = useState<string | null>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);

  if (loading && !data) {
    return (
      <Page title="Bestelling">
        <div aria-busy="true">
          <Loading />
        </div>
      </Page>
    );
  }
  if (error && !data) {
    return (
      <Page title="Bestelling">
        <QueryError message="Deze bestelling kon niet worden geladen." onRetry={() => void refetch()} />
      </Page>
    );
  }
  const order = data?.adminOrder;
  if (!order || (providerId && order.providerId !== providerId)) return <NotFoundScreen />;
  const mayCancel = hasPermission(viewer, 'ORDER_CANCEL') && (order.status === 'PLACED' || order.status === 'ACCEPTED');
  const refundable = contributionPaid(order) ? order.contributionCents : 0;

  async function onCancel(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setNotice(null);
    setFormError(null);
    const reason = String(new FormData(event.currentTarget).get('reason') ?? '').trim();
    const problem = reasonProblem(reason, 'De klant en de aanbieder zien deze reden.');
    if (problem) {
      setReasonError(problem);
      reasonRef.current?.focus();
      return;
    }
    setReasonError(null);
    try {
      const result = await cancel({ variables: { id: orderId, reason } });
      const payload = result.data?.cancelOrder;
      const errors = payload?.errors ?? [];
      const onField = errors.find((e) => e.field === 'reason');
      if (onField) {
        setReasonError(onField.message);
        reasonRef.current?.focus();
      } else if (errors.length) {
        setFormError(errors.map((e) => e.message).join(' '));
      } else {
        const refund = payload?.refundCents ?? 0;
        setNotice(
          `De bestelling is geannuleerd. Het tegoed van ${formatCents(order!.budgetCents)} staat weer op de regeling van de klant` +
            (refund > 0 ? ` en de eigen bijdrage van ${formatCents(refund)} wordt terugbetaald.` : '.') +
            ' De klant krijgt hiervan een e-mail.',
        );
      }
    } catch {
      setFormError(SERVICE_ERROR);
    }
  }

  return (
    <Page title={`Bestelling ${order.number}`} crumb={order.number}>
      {notice ? (
        <Alert variant="success" role="status">
          <p>{notice}</p>
          <p>
            <Link to={backTo}>Terug naar de bestellingen</Link>
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
        <dt>Aanbieder</dt>
        <dd>
          {providerId ? order.providerName : <Link to={urls.admin.providerOrders(order.providerId)}>{order.providerName}</Link>}
        </dd>
        <dt>Klant (voornaam)</dt>
        <dd>{order.customerFirstName ?? 'Onbekend'}</dd>
        {order.status === 'CANCELLED' && order.cancelReason ? (
          <>
            <dt>Reden van annuleren</dt>
            <dd>{order.cancelReason}</dd>
          </>
        ) : null}
      </dl>

      <OrderLinesTable lines={order.lines} caption="Bestelde producten" />

      <Payment order={order} />

      <h2>Verloop</h2>
      <OrderTimeline events={order.events} perspective="staff" />

      {mayCancel ? (
        <section aria-labelledby="annuleren-kop">
          <h2 id="annuleren-kop">Bestelling annuleren</h2>
          <p>
            Het tegoed van <Money cents={order.budgetCents} /> gaat terug naar de regeling van de klant
            {refundable > 0 ? (
              <>
                {' '}
                en de betaalde eigen bijdrage van <Money cents={refundable} /> wordt terugbetaald
              </>
            ) : null}
            . De klant en de aanbieder krijgen bericht.
          </p>
          <form className="gw-form" noValidate onSubmit={(e) => void onCancel(e)}>
            <TextAreaField
              ref={reasonRef}
              label="Reden van annuleren"
              name="reason"
              rows={3}
              maxLength={REASON_RULES.max}
              hint="De klant en de aanbieder zien deze reden."
              error={reasonError}
              required
            />
            <button type="submit" className="gw-button gw-button--danger" disabled={cancelState.loading}>
              Bestelling annuleren
            </button>
          </form>
        </section>
      ) : null}
    </Page>
  );
}
