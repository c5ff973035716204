import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
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
  const { form } = props;
  const [open, setOpen] = useState(false);
  const opened = useRef(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const field = form.field('reason');

  useEffect(() => {
    if (open) document.getElementById(field.id)?.focus();
    else if (opened.current) toggle.current?.focus();
    opened.current ||= open;
  }, [open, field.id]);

  // On the field and both buttons (the only focusable parts of the panel).
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape' && !form.busy) {
      event.preventDefault();
      setOpen(false);
    }
  };

  return (
    <div className="gw-reason-disclosure">
      <p>
        <button
          ref={toggle}
          type="button"
          className="gw-button gw-button--secondary"
          aria-expanded={open}
          aria-controls={panelId}
          aria-label={props.accessibleLabel}
          disabled={props.disabled && !open}
          onClick={() => setOpen((o) => !o)}
        >
          {props.label}
        </button>
      </p>
      <div id={panelId} hidden={!open} className="gw-reason-disclosure__panel">
        {open ? (
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
                onClick={() => setOpen(false)}
              >
                Annuleren
              </button>
            </div>
          </form>
        ) : null}
      </div>
    </div>
  );
}
