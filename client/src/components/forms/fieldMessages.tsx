/**
 * The hint and the error of a form field, as every field of the kit shows them: the hint `<id>-hint`, the error
 * `<id>-fout` with "Fout: " for screen readers, both named by the input's aria-describedby (`describedBy`).
 */

/** The input's aria-describedby: its hint and its error, when there are. */
export function describedBy(id: string, hint?: string, error?: string | null) {
  return [hint ? `${id}-hint` : null, error ? `${id}-fout` : null].filter(Boolean).join(' ') || undefined;
}

/** A field's error message (nothing without one); `id` is the input's. */
export function FieldError({ id, error }: { id: string; error?: string | null }) {
  return error ? (
    <span className="gw-field__error" id={`${id}-fout`}>
      <span className="gw-visually-hidden">Fout: </span>
      {error}
    </span>
  ) : null;
}

/** A field's hint, then its error (each only when there is one); `id` is the input's. */
export function FieldMessages({ id, hint, error }: { id: string; hint?: string; error?: string | null }) {
  return (
    <>
      {hint ? (
        <span className="gw-field__hint" id={`${id}-hint`}>
          {hint}
        </span>
      ) : null}
      <FieldError id={id} error={error} />
    </>
  );
}
