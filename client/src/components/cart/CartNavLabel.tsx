import { useCartCount, useCartMerge } from './useCart';
import './cart.css';

/**
 * "Winkelwagen" in the header with the number of items, read out as "Winkelwagen (3 artikelen)". Also takes a cart
 * built before log-in over into the customer's cart (the header is on every page the customer lands on).
 */
export function CartNavLabel() {
  const count = useCartCount();
  useCartMerge();
  return (
    <>
      Winkelwagen
      {count > 0 ? (
        <>
          {' '}
          <span className="gw-cart-count" aria-hidden="true">
            {count}
          </span>
          <span className="gw-visually-hidden">({count === 1 ? '1 artikel' : `${count} artikelen`})</span>
        </>
      ) : null}
    </>
  );
}
