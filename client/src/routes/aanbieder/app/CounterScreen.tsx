import { useApolloClient, useMutation } from '@apollo/client/react';
import { counterCodeRule } from '@rules/counter';
import { HANDOVER_LABEL } from '@rules/handover';
import { DELIVERY_UNDO_MINUTES } from '@rules/order';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { ruleCheck } from '@/components/forms/ruleCheck';
import { TextField } from '@/components/forms/TextField';
import { useMutationForm } from '@/components/forms/useMutationForm';
import { Page } from '@/components/layout/Page';
import { Money } from '@/components/money/Money';
import { DeliverAtCounterDocument, UndoDeliveryDocument } from '@/components/orders/orderActions';
import { OrderStatusBadge } from '@/components/orders/OrderStatusBadge';
import '@/components/orders/orderWork.css';
import { Alert } from '@/components/ui/Alert';
import { graphql } from '@/graphql/generated';
import type { CounterLookupQuery } from '@/graphql/generated/graphql';
import { urls } from '@/lib/urls';
import { formatCents } from '@/components/money/formatCents';
import { CameraScanner } from './CameraScanner';
import { cardEnding, compactCode, isCardToken } from './counterCode';

const CounterLookupDocument = graphql(`
  query CounterLookup($code: String!) {
    counterLookup(code: $code) {
      matchedBy
      customerFirstName
      errors {
        ...UserErrorFields @unmask
      }
      orders {
        id
        number
        status
        createdAt
        totalCents
        customerFirstName
        beneficiaryFirstNames
        lines {
          id
          title
          quantity
          beneficiaryName
        }
      }
    }
  }
`);

type Lookup = CounterLookupQuery['counterLookup'];
type FoundOrder = Lookup['orders'][number];

interface Result {
  firstName: string | null;
  /** What was found, in words: "pas eindigend op 0209" or "de afhaalcode van de klant". */
  foundWith: string;
  /**
   * The card number or pickup code as entered (kept in memory, not on the screen): each hand-over sends it again, and
   * the server checks that the order belongs to it.
   */
  code: string;
  orders: FoundOrder[];
}

const check = ruleCheck({ code: counterCodeRule });

/** A FormData with one value: for the camera (no form event) and the deliver buttons. */
function formData(name: string, value: string): FormData {
  const data = new FormData();
  data.set(name, value);
  return data;
}

/** For whom the order is, in words: "Sem" / "Sem en Lotte", or null when a household budget paid. */
function forWhom(order: FoundOrder): string | null {
  const names = order.beneficiaryFirstNames;
  if (!names.length) return null;
  return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} en ${names.at(-1)}`;
}

/** " (voor Sem)" when a line was ordered for another household member than the person who ordered. */
function forLine(line: FoundOrder['lines'][number], orderedBy?: string | null): string {
  return line.beneficiaryName && line.beneficiaryName !== orderedBy ? ` (voor ${line.beneficiaryName})` : '';
}

/** "2 × Zwemles (voor Sem), 1 × Badmuts". */
function linesText(order: FoundOrder): string {
  return order.lines.map((l) => `${l.quantity} × ${l.title}${forLine(l, order.customerFirstName)}`).join(', ');
}

/** An order just marked delivered that can still be taken back (the server keeps the real time limit). */
interface Delivered {
  order: FoundOrder;
}

/**
 * The counter screen: the provider types or scans a customer's card number or a pickup code, sees that customer's
 * open orders with this organisation — who ordered and, where a member's own budget paid, for which household member
 * — and hands them over: "Markeren als geleverd" asks for confirmation (what, for whom, the amount) and sends the card
 * number or code again with the order (deliverAtCounter: the server checks the order is that customer's), and the
 * delivery can be undone for DELIVERY_UNDO_MINUTES (@rules/order; the server refuses after that). This is the only
 * place an order the customer collects is handed over. Nothing else about the customer is shown than first names, and
 * never a pickup code. The input is checked at once with the server's own rule (@rules/counter).
 */
export default function CounterScreen() {
  const client = useApolloClient();
  const [deliver] = useMutation(DeliverAtCounterDocument, { refetchQueries: ['ProviderOrders'] });
  const [undo] = useMutation(UndoDeliveryDocument, { refetchQueries: ['ProviderOrders'] });
  const [result, setResult] = useState<Result | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [scanning, setScanning] = useState(false);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [delivered, setDelivered] = useState<Delivered | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const undoButton = useRef<HTMLButtonElement>(null);

  // The confirmation opens with the focus on its "yes"; closing it gives the focus back to the order's button.
  const lastConfirmed = useRef<string | null>(null);
  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
    else if (lastConfirmed.current && document.activeElement === document.body)
      document.getElementById(`leveren-${lastConfirmed.current}`)?.focus();
    lastConfirmed.current = confirming;
  }, [confirming]);

  // "Ongedaan maken" goes after the window (the server would refuse it by then anyway).
  useEffect(() => {
    if (!delivered) return;
    const timer = window.setTimeout(() => setDelivered(null), DELIVERY_UNDO_MINUTES * 60_000);
    return () => window.clearTimeout(timer);
  }, [delivered]);

  const search = useMutationForm({
    id: 'kassa',
    fields: ['code'],
    check,
    mutate: async ({ code }) => {
      setNotice(null);
      setResult(null);
      setDelivered(null);
      setConfirming(null);
      const { data } = await client.query({
        query: CounterLookupDocument,
        variables: { code },
        fetchPolicy: 'no-cache',
      });
      return data ? { ...data.counterLookup, code } : null;
    },
    onSuccess: (found) => {
      const code = compactCode(found.code);
      setResult({
        firstName: found.customerFirstName,
        foundWith: isCardToken(code)
          ? 'de digitale pas van de klant'
          : found.matchedBy === 'CARD'
            ? `pas eindigend op ${cardEnding(code)}`
            : 'de afhaalcode van de klant',
        code,
        orders: found.orders,
      });
      // The card number does not stay on the screen.
      if (input.current) input.current.value = '';
      window.setTimeout(() => resultHeading.current?.focus(), 0);
    },
  });

  const delivery = useMutationForm({
    id: 'levering',
    fields: [],
    mutate: async (_values, data) => {
      const id = String(data.get('id'));
      setNotice(null);
      setDelivered(null);
      const payload = (await deliver({ variables: { code: result?.code ?? '', orderId: id } })).data?.deliverAtCounter;
      return payload ? { ...payload, id } : payload;
    },
    onSuccess: ({ id, order: after }) => {
      const order = result?.orders.find((o) => o.id === id);
      lastConfirmed.current = null;
      setConfirming(null);
      setResult((current) => (current ? { ...current, orders: current.orders.filter((o) => o.id !== id) } : current));
      const how = after?.handoverMethod ? ` ${HANDOVER_LABEL[after.handoverMethod]}.` : '';
      setNotice(`Bestelling ${order?.number ?? ''} is als geleverd gemeld.${how}`);
      if (order) setDelivered({ order });
      window.setTimeout(() => (undoButton.current ?? resultHeading.current)?.focus(), 0);
    },
  });

  const undoing = useMutationForm({
    id: 'ongedaan',
    fields: [],
    mutate: async () => {
      if (!delivered) return null;
      const payload = (await undo({ variables: { id: delivered.order.id } })).data?.undoDelivery;
      return payload ? { ...payload, original: delivered.order } : payload;
    },
    onSuccess: ({ order, original }) => {
      // Back in the list, with the status it has again (placed or accepted).
      const back = { ...original, status: order?.status ?? original.status };
      setDelivered(null);
      setResult((current) =>
        current && !current.orders.some((o) => o.id === back.id)
          ? { ...current, orders: [...current.orders, back] }
          : current,
      );
      setNotice(`De levering van bestelling ${back.number} is ongedaan gemaakt. De bestelling staat weer open.`);
      window.setTimeout(() => resultHeading.current?.focus(), 0);
    },
  });

  const name = result?.firstName ?? 'deze klant';
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && !busy) setConfirming(null);
  };
  const busy = delivery.busy || undoing.busy;

  return (
    <Page
      title="Kassa-app"
      lead="Typ of scan het pasnummer van de klant of de afhaalcode die de klant laat zien. U ziet dan de open bestellingen van die klant bij uw organisatie en geeft ze hier af: alleen met de pas of de afhaalcode van de klant meldt u een bestelling als geleverd."
    >
      <form className="gw-search" {...search.props} aria-label="Klant zoeken">
        {search.summary}
        <TextField
          ref={input}
          label="Pasnummer of afhaalcode"
          hint="Een pasnummer heeft 10 cijfers (spaties mogen). Een afhaalcode heeft 8 letters en cijfers."
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={100}
          {...search.field('code')}
        />
        <button type="submit" className="gw-button" disabled={search.busy}>
          {search.busy ? 'Bezig met zoeken…' : 'Zoeken'}
        </button>
        {!scanning ? (
          <button type="button" className="gw-button gw-button--secondary" onClick={() => setScanning(true)}>
            Scan pas of code
          </button>
        ) : null}
      </form>
      {scanning ? (
        <CameraScanner
          onCode={(code) => {
            setScanning(false);
            if (input.current) input.current.value = code;
            void search.submit(formData('code', code));
          }}
          onClose={() => setScanning(false)}
        />
      ) : null}

      <section aria-labelledby="resultaat-kop" hidden={!result}>
        <h2 id="resultaat-kop" ref={resultHeading} tabIndex={-1}>
          {result ? `Open bestellingen van ${name}` : 'Resultaat'}
        </h2>
        <div role="status">
          {notice ? (
            <Alert variant="success">
              <p>{notice}</p>
            </Alert>
          ) : null}
        </div>
        {delivered ? (
          <p className="gw-counter-undo">
            Per ongeluk? U kunt dit binnen {DELIVERY_UNDO_MINUTES} minuten ongedaan maken.{' '}
            <button
              ref={undoButton}
              type="button"
              className="gw-button gw-button--secondary"
              disabled={busy}
              onClick={() => void undoing.submit()}
              aria-label={`Levering van bestelling ${delivered.order.number} ongedaan maken`}
            >
              {undoing.busy ? 'Bezig…' : 'Ongedaan maken'}
            </button>
          </p>
        ) : null}
        {delivery.summary}
        {undoing.summary}
        {result ? (
          <>
            <p className="gw-muted">Gevonden met {result.foundWith}.</p>
            {result.orders.length === 0 ? (
              <p>
                {result.firstName ? `${result.firstName} heeft` : 'Deze klant heeft'} geen open bestellingen bij uw
                organisatie.
              </p>
            ) : (
              <ul className="gw-counter-orders">
                {result.orders.map((order) => {
                  const member = forWhom(order);
                  return (
                    <li key={order.id} className="gw-counter-order">
                      <h3>
                        <Link to={urls.provider.order(order.id)}>Bestelling {order.number}</Link>
                      </h3>
                      <p>
                        <OrderStatusBadge status={order.status} />
                      </p>
                      <dl className="gw-counter-order__who">
                        <dt>Besteld door</dt>
                        <dd>{order.customerFirstName ?? 'Onbekend'}</dd>
                        {member ? (
                          <>
                            <dt>Voor</dt>
                            <dd>{member}</dd>
                          </>
                        ) : null}
                      </dl>
                      <ul>
                        {order.lines.map((line) => (
                          <li key={line.id}>
                            {line.quantity} × {line.title}
                            {forLine(line, order.customerFirstName)}
                          </li>
                        ))}
                      </ul>
                      <p>
                        Totaal <Money cents={order.totalCents} />
                      </p>
                      {confirming === order.id ? (
                        <div className="gw-counter-confirm" role="group" aria-labelledby={`bevestigen-${order.id}`}>
                          <p id={`bevestigen-${order.id}`}>
                            <strong>Bestelling {order.number} als geleverd markeren?</strong> U geeft {linesText(order)}{' '}
                            mee
                            {member ? ` voor ${member}` : ''} (besteld door {order.customerFirstName ?? 'de klant'}),
                            totaal {formatCents(order.totalCents)}.
                          </p>
                          <div className="gw-form-actions">
                            <button
                              ref={confirmButton}
                              type="button"
                              onKeyDown={closeOnEscape}
                              className="gw-button"
                              disabled={busy}
                              onClick={() => void delivery.submit(formData('id', order.id))}
                            >
                              {delivery.busy ? 'Bezig…' : 'Ja, geleverd'}
                            </button>
                            <button
                              type="button"
                              className="gw-button gw-button--secondary"
                              disabled={busy}
                              onKeyDown={closeOnEscape}
                              onClick={() => setConfirming(null)}
                            >
                              Annuleren
                            </button>
                          </div>
                        </div>
                      ) : (
                        <button
                          id={`leveren-${order.id}`}
                          type="button"
                          className="gw-button"
                          disabled={busy}
                          onClick={() => setConfirming(order.id)}
                          aria-label={`Bestelling ${order.number} markeren als geleverd`}
                        >
                          Markeren als geleverd
                        </button>
                      )}
                    </li>
                  );
                })}
              </ul>
            )}
          </>
        ) : null}
      </section>
    </Page>
  );
}
