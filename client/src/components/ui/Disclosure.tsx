import { useId, useRef, useState, type ReactNode } from 'react';

/** What a disclosure's panel gets: `close()` after a save; `close({ focusButton: true })` on a cancel or Escape. */
export type CloseDisclosure = (options?: { focusButton?: boolean }) => void;

interface DisclosureProps {
  /** The (secondary) button's text: "Vestiging toevoegen", "Afwijzen…". */
  label: ReactNode;
  /** A fuller name of the button for screen readers when the label alone is ambiguous on the page. */
  accessibleLabel?: string;
  /** The button cannot open the panel (another action of the screen is running); an open panel can still close. */
  disabled?: boolean;
  panelClassName?: string;
  /** The panel's content, rendered only while it is open (a form there starts empty each time). */
  children: (close: CloseDisclosure) => ReactNode;
}

/**
 * A secondary button that shows and hides a panel below it: a disclosure (aria-expanded, aria-controls), for a form
 * that stays folded away until asked for. The panel decides when it closes, and whether the focus goes back to the
 * button (after a cancel) or elsewhere (after a save, to the notice).
 *
 *   <Disclosure label="Vestiging toevoegen">{(close) => <LocationForm onCancel={() => close({ focusButton: true })} … />}</Disclosure>
 */
export function Disclosure({ label, accessibleLabel, disabled, panelClassName, children }: DisclosureProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const close: CloseDisclosure = (options) => {
    setOpen(false);
    if (options?.focusButton) button.current?.focus();
  };
  return (
    <>
      <p>
        <button
          ref={button}
          type="button"
          className="gw-button gw-button--secondary"
          aria-expanded={open}
          aria-controls={panelId}
          aria-label={accessibleLabel}
          disabled={disabled && !open}
          onClick={() => setOpen((o) => !o)}
        >
          {label}
        </button>
      </p>
      <div id={panelId} hidden={!open} className={panelClassName}>
        {open ? children(close) : null}
      </div>
    </>
  );
}
