import type { ReactNode } from 'react';

/**
 * A form's actions row with only its submit button: disabled while the form is busy (no double submits).
 *
 *   <FormSubmit busy={form.busy}>Gegevens opslaan</FormSubmit>
 */
export function FormSubmit({ busy, danger, children }: { busy: boolean; danger?: boolean; children: ReactNode }) {
  return (
    <div className="gw-form-actions">
      <button type="submit" className={danger ? 'gw-button gw-button--danger' : 'gw-button'} disabled={busy}>
        {children}
      </button>
    </div>
  );
}
