import type { ReactNode } from 'react';

/**
 * A form's actions row: its submit button, disabled while the form is busy (no double submits), and with `onCancel`
 * an "Annuleren" button beside it that closes the form without sending.
 *
 *   <FormSubmit busy={form.busy}>Gegevens opslaan</FormSubmit>
 *   <FormSubmit busy={form.busy} onCancel={() => setOpen(false)}>Webhook aanmaken</FormSubmit>
 */
export function FormSubmit({
  busy,
  danger,
  onCancel,
  children,
}: {
  busy: boolean;
  danger?: boolean;
  onCancel?: () => void;
  children: ReactNode;
}) {
  return (
    <div className="gw-form-actions">
      <button type="submit" className={danger ? 'gw-button gw-button--danger' : 'gw-button'} disabled={busy}>
        {children}
      </button>
      {onCancel ? (
        <button type="button" className="gw-button gw-button--secondary" onClick={onCancel}>
          Annuleren
        </button>
      ) : null}
    </div>
  );
}
