import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { TextField } from '../forms/TextField';
import { MAX_QUANTITY, quantityError } from '../../lib/cart';
import { urls } from '../../lib/urls';
import { useCartActions } from './cartActions';
import './cart.css';
import { plural } from '@/lib/plural';

interface AddToCartProps {
  productId: string;
  title: string;
  /** False for a temporarily unavailable product: it cannot be added now. */
  available: boolean;
}

/** "In winkelwagen" with a quantity (1–99), on the product page. Works before log-in too (kept in the browser). */
export function AddToCart({ productId, title, available }: AddToCartProps) {
  const [quantity, setQuantity] = useState('1');
  const [error, setError] = useState<string | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const { add } = useCartActions();

  if (!available) {
    return (
      <p className="gw-muted">
        Dit product is tijdelijk niet beschikbaar. U kunt het nu niet in uw winkelwagen leggen.
      </p>
    );
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const problem = quantityError(quantity);
    setError(problem);
    setAdded(null);
    if (problem) return;
    setPending(true);
    const n = Number(quantity);
    const result = await add(productId, n);
    setPending(false);
    if (result.errors.length) setError(result.errors.join(' '));
    else setAdded(`${n} × ${title} ${plural(n, 'ligt', 'liggen')} in uw winkelwagen.`);
  }

  return (
    <>
      <form className="gw-add-to-cart" onSubmit={handleSubmit} noValidate aria-label="In winkelwagen leggen">
        <TextField
          label="Aantal"
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_QUANTITY}
          step={1}
          value={quantity}
          error={error}
          onChange={(e) => setQuantity(e.target.value)}
        />
        <button type="submit" className="gw-button" disabled={pending}>
          In winkelwagen
        </button>
      </form>
      <div role="status" aria-live="polite">
        {added ? (
          <p className="gw-alert gw-alert--success">
            {added} <Link to={urls.cart()}>Bekijk uw winkelwagen</Link>
          </p>
        ) : null}
      </div>
    </>
  );
}
