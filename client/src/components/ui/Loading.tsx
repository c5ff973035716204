/** A polite loading message; pair it with aria-busy on the region that is loading. */
export function Loading({ label = 'Bezig met laden…' }: { label?: string }) {
  return (
    <p className="gw-loading" role="status">
      {label}
    </p>
  );
}
