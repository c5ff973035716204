import { useEffect, type KeyboardEvent, type ReactNode } from 'react';
import { Disclosure } from '../ui/Disclosure';
import { TextAreaField } from './fields';
import type { MutationForm } from './useMutationForm';

interface ReasonDisclosureProps {
  /** The action's form (useMutationForm with the one field `reason`): its summary, field errors, busy state. */
  form: MutationForm<'reason'>;
  /** The disclosure button, ending in "…": "Afwijzen…", "Afkeuren…", "Weigeren…", "Annuleren…". */
  label: string;
  /** A fuller name of the disclosure button for screen readers when the label alone is ambiguous on the page. */
  accessibleLabel?: string;
  /** The reason field's label: "Reden van afwijzen". */
  fieldLabel: string;
  /** Who reads the reason: "De klant ziet deze reden." */
  hint: string;
  /** The confirming button: "Bestelling afwijzen". */
  confirmLabel: string;
  maxLength?: number;
  /** Another action of the screen is running. */
  disabled?: boolean;
  /** What happens, above the field (the money that goes back, who gets a message). */
  children?: ReactNode;
}

/**
 * A reject, decline or cancel with a reason, folded away behind a disclosure button, so the screen's main action
 * stands alone. The button (aria-expanded, aria-controls) opens the reason field and the confirming (danger) button;
 * the focus goes to the field. Escape or "Annuleren" closes it and brings the focus back to the button. An error
 * (the rule's instant check or the server's) keeps it open with the error summary on top.
 */
export function ReasonDisclosure(props: ReasonDisclosureProps) {
  return (
    <div className="gw-reason-disclosure">
      <Disclosure
        label={props.label}
        accessibleLabel={props.accessibleLabel}
        disabled={props.disabled}
        panelClassName="gw-reason-disclosure__panel"
      >
        {(close) => <ReasonForm {...props} onCancel={() => close({ focusButton: true })} />}
      </Disclosure>
    </div>
  );
}

/** The open panel: the focus goes to the reason field; Escape or "Annuleren" cancels (`onCancel`). */
function ReasonForm({ onCancel, ...props }: ReasonDisclosureProps & { onCancel: () => void }) {
  const { form } = props;
  const field = form.field('reason');

  useEffect(() => {
    document.getElementById(field.id)?.focus();
  }, [field.id]);

  // On the field and both buttons (the only focusable parts of the panel).
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape' && !form.busy) {
      event.preventDefault();
      onCancel();
    }
  };

  return (
    <form className="gw-form" {...form.props}>
      {form.summary}
      {props.children}
      <TextAreaField
        label={props.fieldLabel}
        rows={3}
        maxLength={props.maxLength}
        hint={props.hint}
        required
        onKeyDown={onKeyDown}
        {...field}
      />
      <div className="gw-form-actions">
        <button
          type="submit"
          className="gw-button gw-button--danger"
          disabled={form.busy || props.disabled}
          onKeyDown={onKeyDown}
        >
          {form.busy ? 'Bezig…' : props.confirmLabel}
        </button>
        <button
          type="button"
          className="gw-button gw-button--secondary"
          disabled={form.busy}
          onKeyDown={onKeyDown}
          onClick={onCancel}
        >
          Annuleren
        </button>
      </div>
    </form>
  );
}
