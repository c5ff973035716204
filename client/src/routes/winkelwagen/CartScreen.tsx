import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Page } from '../../components/layout/Page';
import { Alert } from '../../components/ui/Alert';
import { Loading } from '../../components/ui/Loading';
import { QueryError } from '../../components/ui/QueryError';
import { useCart } from '../../components/cart/cartActions';
import { takeMergeNotice } from '../../components/cart/useCart';
import '../../components/cart/cart.css';
import { isUuid } from '../../lib/params';
import { searchParams, urls } from '../../lib/urls';
import { useUrlState } from '../../lib/urlState';
import { CartLines } from './CartLines';
import { OrderPlaced } from './OrderPlaced';
import { ReviewStep, type PlacedOrders } from './ReviewStep';

/** How a payment stands, after coming back from the payment page: loaded only then (the page's JavaScript budget). */
const PaymentStatus = lazy(() => import('./PaymentStatus').then((m) => ({ default: m.PaymentStatus })));

const REVIEW = 'controleren';

/** A random key (crypto.randomUUID needs a secure context; getRandomValues does not). */
function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Where the resident is: 1 the cart, 2 the budget split and own contribution with "Bestellen", 3 done. */
function Steps({ current }: { current: 1 | 2 | 3 }) {
  const steps = ['Winkelwagen', 'Tegoed en eigen bijdrage', 'Bevestiging'];
  return (
    <ol className="gw-steps" aria-label="Stappen van het bestellen">
      {steps.map((label, i) => (
        <li key={label} aria-current={current === i + 1 ? 'step' : undefined}>
          {label}
          {current === i + 1 ? <span className="gw-visually-hidden"> (huidige stap)</span> : null}
        </li>
      ))}
    </ol>
  );
}

/**
 * /winkelwagen: the cart (lines grouped per provider, quantity 1–99, remove) and the checkout steps on the same page.
 * A visitor keeps the cart in the browser and logs in to order; after log-in that cart joins the server cart.
 * The idempotency key is made when the page opens, so a double click (or a retry after a lost answer) books once.
 */
export default function CartScreen() {
  const url = useUrlState();
  const cart = useCart();
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const [placed, setPlaced] = useState<PlacedOrders | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [mergeNotice, setMergeNotice] = useState<string | null>(null);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const betaling = url.get(searchParams.payment);
  const reviewing = url.get(searchParams.cartStep) === REVIEW && cart.customer && !placed;

  useEffect(() => {
    if (cart.customer) setMergeNotice((current) => current ?? takeMergeNotice());
  }, [cart.customer, cart.cart]);

  function go(step: 'cart' | 'review') {
    setAnnouncement('');
    url.set({ [searchParams.cartStep]: step === 'review' ? REVIEW : null, [searchParams.payment]: null });
    window.setTimeout(() => stepHeading.current?.focus(), 0);
  }

  // Back from the payment page (or it could not be opened): the confirmation step with how the payment stands.
  if (betaling && isUuid(betaling) && cart.customer) {
    return (
      <Page title="Winkelwagen">
        <Steps current={3} />
        <Suspense fallback={<Loading />}>
          <PaymentStatus paymentId={betaling} onRetry={() => go('cart')} />
        </Suspense>
      </Page>
    );
  }

  if (placed) {
    return (
      <Page title="Winkelwagen">
        <Steps current={3} />
        <OrderPlaced orders={placed} />
      </Page>
    );
  }

  let body;
  if (cart.loading) {
    body = (
      <div aria-busy="true">
        <Loading />
      </div>
    );
  } else if (cart.error && !cart.cart) {
    body = <QueryError message="Uw winkelwagen kon niet worden geladen." onRetry={cart.refetch} />;
  } else if (!cart.cart) {
    body = (
      <>
        <p>Uw winkelwagen is leeg.</p>
        <p>
          <Link className="gw-button" to={urls.catalogue()}>
            Bekijk het aanbod
          </Link>
        </p>
      </>
    );
  } else if (reviewing) {
    body = (
      <ReviewStep
        idempotencyKey={idempotencyKey}
        askedFor={
          new Set(
            cart.cart.groups.flatMap((g) => g.lines.filter((l) => l.beneficiaryOptions.length).map((l) => l.productId)),
          )
        }
        onBack={() => go('cart')}
        onPlaced={(orders) => {
          setPlaced(orders);
          setIdempotencyKey(newIdempotencyKey());
          url.set({ [searchParams.cartStep]: null, [searchParams.payment]: null }, { replace: true });
        }}
      />
    );
  } else {
    body = (
      <>
        <CartLines
          cart={cart.cart}
          setQuantity={cart.setQuantity}
          setBeneficiary={cart.setBeneficiary}
          remove={cart.remove}
          announce={setAnnouncement}
        />
        <div className="gw-actions">
          {cart.customer ? (
            <button
              type="button"
              className="gw-button gw-button--large"
              onClick={() => go('review')}
              disabled={cart.cart.totalCents === 0}
            >
              Verder naar bestellen
            </button>
          ) : (
            <>
              <Link className="gw-button gw-button--large" to={urls.login(urls.cart())}>
                Bestellen
              </Link>
              <span className="gw-muted">
                Om te bestellen logt u eerst in met DigiD. Uw winkelwagen blijft bewaard.
              </span>
            </>
          )}
          <Link to={urls.catalogue()}>Verder winkelen</Link>
        </div>
      </>
    );
  }

  return (
    <Page title="Winkelwagen">
      <Steps current={reviewing ? 2 : 1} />
      {mergeNotice ? (
        <Alert variant="warning" title="Niet alles uit uw winkelwagen is overgenomen">
          <p>{mergeNotice}</p>
        </Alert>
      ) : null}
      <div role="status" aria-live="polite" className="gw-visually-hidden">
        {announcement}
      </div>
      <h2 ref={stepHeading} tabIndex={-1}>
        {reviewing ? 'Tegoed en eigen bijdrage' : 'Uw producten'}
      </h2>
      {body}
    </Page>
  );
}
