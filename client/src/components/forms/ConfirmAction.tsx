import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { MutationForm } from './useMutationForm';

interface ConfirmActionProps {
  /** The action's form (useMutationForm with no fields): its summary, busy state and submit. */
  form: MutationForm<never>;
  /** "Product archiveren" (a node: "Verwijderen" with the name for screen readers) */
  label: ReactNode;
  /** "Ja, archiveer dit product" */
  confirmLabel: string;
  /** The name of the confirmation group: "Archiveren bevestigen". */
  groupLabel: string;
}

/**
 * A destructive action behind a confirmation step: the button, then "yes" and "cancel" side by side. The focus goes
 * to "yes" when the step opens and back to the button when it closes, so a keyboard user never loses it.
 */
export function ConfirmAction({ form, label, confirmLabel, groupLabel }: ConfirmActionProps) {
  const [confirming, setConfirming] = useState(false);
  const opened = useRef(false);
  const yes = useRef<HTMLButtonElement>(null);
  const start = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) yes.current?.focus();
    // Back to the button only when the focus was lost with "yes" (an error summary that took it keeps it).
    else if (opened.current && (!document.activeElement || document.activeElement === document.body))
      start.current?.focus();
    opened.current ||= confirming;
  }, [confirming]);

  return (
    <>
      {form.summary}
      {confirming ? (
        <div className="gw-form-actions" role="group" aria-label={groupLabel}>
          <button
            ref={yes}
            type="button"
            className="gw-button gw-button--danger"
            disabled={form.busy}
            onClick={() => void form.submit().finally(() => setConfirming(false))}
          >
            {confirmLabel}
          </button>
          <button type="button" className="gw-button gw-button--secondary" onClick={() => setConfirming(false)}>
            Annuleren
          </button>
        </div>
      ) : (
        <p>
          <button
            ref={start}
            type="button"
            className="gw-button gw-button--secondary"
            onClick={() => setConfirming(true)}
          >
            {label}
          </button>
        </p>
      )}
    </>
  );
}
