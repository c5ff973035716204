import './payable.css';

/** "Uw Meedoenregeling", "uw Meedoenregeling of uw Kindpakket". */
function arrangementList(names: readonly string[]): string {
  const own = names.map((n) => `uw ${n}`);
  return own.length > 1 ? `${own.slice(0, -1).join(', ')} of ${own.at(-1)}` : (own[0] ?? '');
}

/** The text of the badge, or null when there is none (not a logged-in resident). */
export function payableText(payableWith: readonly string[] | null | undefined): string | null {
  if (payableWith == null) return null;
  return payableWith.length ? `Te betalen met ${arrangementList(payableWith)}` : 'Niet te betalen met uw regelingen';
}

/**
 * Whether the resident's arrangements pay for a product (Product.payableWith, the checkout's rule on the server): a
 * badge with a sign and words, never colour alone. Nothing for a visitor.
 */
export function PayableBadge({ payableWith }: { payableWith: readonly string[] | null | undefined }) {
  const text = payableText(payableWith);
  if (!text) return null;
  const payable = !!payableWith?.length;
  return (
    <p className={`gw-payable ${payable ? 'gw-payable--yes' : 'gw-payable--no'}`}>
      <span className="gw-payable__icon" aria-hidden="true">
        {payable ? '✓' : '✕'}
      </span>{' '}
      {text}
    </p>
  );
}
