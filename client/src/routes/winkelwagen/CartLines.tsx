import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Money } from '../../components/money/Money';
import type { Cart, CartActionResult, CartLine } from '../../components/cart/useCart';
import { MAX_QUANTITY, quantityError } from '../../lib/cart';
import { urls } from '../../lib/urls';
import { describedBy, FieldError } from '@/components/forms/TextField';

interface CartLinesProps {
  cart: Cart;
  setQuantity: (productId: string, quantity: number) => Promise<CartActionResult>;
  setBeneficiary: (productId: string, beneficiaryId: string | null) => Promise<CartActionResult>;
  remove: (productId: string) => Promise<CartActionResult>;
  /** Tells the page what happened (read out politely). */
  announce: (message: string) => void;
}

/** The quantity of one line: 1–99, saved shortly after typing (or when leaving the field). */
function QuantityField({ line, setQuantity }: { line: CartLine; setQuantity: CartLinesProps['setQuantity'] }) {
  const id = useId();
  const [value, setValue] = useState(String(line.quantity));
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const saved = useRef(line.quantity);

  useEffect(() => {
    saved.current = line.quantity;
    setValue(String(line.quantity));
  }, [line.quantity]);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  async function commit(next: string) {
    window.clearTimeout(timer.current);
    const problem = quantityError(next);
    setError(problem);
    if (problem || Number(next) === saved.current) return;
    saved.current = Number(next);
    const result = await setQuantity(line.productId, Number(next));
    if (result.errors.length) setError(result.errors.join(' '));
  }

  return (
    <div className="gw-cart-quantity">
      <label className="gw-visually-hidden" htmlFor={id}>
        Aantal van {line.title}
      </label>
      <input
        id={id}
        className="gw-input"
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_QUANTITY}
        step={1}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, undefined, error)}
        onChange={(e) => {
          const next = e.target.value;
          setValue(next);
          window.clearTimeout(timer.current);
          timer.current = window.setTimeout(() => void commit(next), 600);
        }}
        onBlur={(e) => void commit(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            void commit(e.currentTarget.value);
          }
        }}
      />
      <FieldError id={id} error={error} />
    </div>
  );
}

/**
 * "Voor wie?": for which household member a line is, where a budget of one member (a child's Kindpakket) could pay
 * for it. Saved on change; that member's budget pays only for their lines (the server checks it again).
 */
function BeneficiaryField({
  line,
  setBeneficiary,
  announce,
}: {
  line: CartLine;
  setBeneficiary: CartLinesProps['setBeneficiary'];
  announce: CartLinesProps['announce'];
}) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <div className="gw-cart-beneficiary">
      <label htmlFor={id}>
        Voor wie? <span className="gw-visually-hidden">({line.title})</span>
      </label>
      <select
        id={id}
        className="gw-input"
        value={line.beneficiaryId ?? ''}
        disabled={busy}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, undefined, error)}
        onChange={async (e) => {
          const next = e.target.value || null;
          setBusy(true);
          const r = await setBeneficiary(line.productId, next);
          setBusy(false);
          setError(r.errors.length ? r.errors.join(' ') : null);
          const name = line.beneficiaryOptions.find((o) => o.id === next)?.name;
          if (!r.errors.length && name) announce(`${line.title} is nu voor ${name}.`);
        }}
      >
        {line.beneficiaryOptions.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </select>
      <FieldError id={id} error={error} />
    </div>
  );
}

/** Step 1: the lines, grouped per provider (each group becomes one order), with quantities and removal. */
export function CartLines({ cart, setQuantity, setBeneficiary, remove, announce }: CartLinesProps) {
  const baseId = useId();
  return (
    <>
      {cart.groups.map((group, g) => {
        const headingId = `${baseId}-groep-${g}`;
        return (
          <section key={group.providerId ?? 'onbekend'} className="gw-cart-group" aria-labelledby={headingId}>
            <h3 id={headingId}>
              {group.providerId && group.providerSlug ? (
                <>
                  Van <Link to={urls.providerPage(group.providerSlug, group.providerId)}>{group.providerName}</Link>
                </>
              ) : (
                group.providerName
              )}
            </h3>
            <div className="gw-table-wrapper">
              <table className="gw-table gw-table--stack">
                <caption className="gw-visually-hidden">Producten van {group.providerName}</caption>
                <thead>
                  <tr>
                    <th scope="col">Product</th>
                    <th scope="col" className="gw-num">
                      Prijs
                    </th>
                    <th scope="col">Aantal</th>
                    <th scope="col" className="gw-num">
                      Bedrag
                    </th>
                    <th scope="col">
                      <span className="gw-visually-hidden">Verwijderen</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {group.lines.map((line) => (
                    <tr key={line.id} className={line.available ? undefined : 'gw-cart-line--unavailable'}>
                      <td data-label="Product">
                        <div>
                          {line.slug ? (
                            <Link to={urls.product(line.slug, line.productId)}>{line.title}</Link>
                          ) : (
                            line.title
                          )}
                          {line.unavailableReason ? (
                            <>
                              <br />
                              <strong>{line.unavailableReason}</strong>
                            </>
                          ) : null}
                          {line.beneficiaryOptions.length > 0 ? (
                            <BeneficiaryField line={line} setBeneficiary={setBeneficiary} announce={announce} />
                          ) : null}
                        </div>
                      </td>
                      <td className="gw-num" data-label="Prijs">
                        <Money cents={line.unitPriceCents} />
                      </td>
                      <td data-label="Aantal">
                        <QuantityField line={line} setQuantity={setQuantity} />
                      </td>
                      <td className="gw-num" data-label="Bedrag">
                        <Money cents={line.totalCents} />
                      </td>
                      <td className="gw-table__actions">
                        <button
                          type="button"
                          className="gw-link-button"
                          onClick={async () => {
                            const r = await remove(line.productId);
                            announce(
                              r.errors.length ? r.errors.join(' ') : `${line.title} is uit uw winkelwagen gehaald.`,
                            );
                          }}
                        >
                          Verwijderen <span className="gw-visually-hidden">{line.title}</span>
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr>
                    <th scope="row" colSpan={3}>
                      Subtotaal
                    </th>
                    <td className="gw-num" data-label="Subtotaal">
                      <Money cents={group.subtotalCents} />
                    </td>
                    <td className="gw-table__empty" />
                  </tr>
                </tfoot>
              </table>
            </div>
          </section>
        );
      })}
      <dl className="gw-cart-totals">
        <dt>Totaal</dt>
        <dd>
          <Money cents={cart.totalCents} />
        </dd>
      </dl>
      {cart.hasUnavailable ? (
        <p className="gw-muted">
          Producten die u nu niet kunt bestellen, tellen niet mee. Haal ze uit uw winkelwagen om te bestellen.
        </p>
      ) : null}
    </>
  );
}
