import { useCartCount, useCartMerge } from './useCart';
import './cart.css';
import { countOf } from '@/lib/plural';

/**
 * "Winkelwagen" in the header with the number of items as a badge, read out as "Winkelwagen (3 artikelen)". Also takes
 * a cart built before log-in over into the customer's cart (the header is on every page the customer lands on).
 */
export function CartNavLabel() {
  const count = useCartCount();
  useCartMerge();
  if (count === 0) return <>Winkelwagen</>;
  // The visible word and badge are hidden from screen readers, which read one whole text instead: no stray space
  // between the word and the badge on screen, none missing in the name.
  return (
    <>
      <span aria-hidden="true">Winkelwagen</span>
      <span className="gw-cart-count" aria-hidden="true">
        {count}
      </span>
      <span className="gw-visually-hidden">Winkelwagen ({countOf(count, 'artikel', 'artikelen')})</span>
    </>
  );
}
