import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useLocation } from 'react-router';

interface MenuDisclosureProps {
  /** The nav landmark's name ("Hoofdmenu", "Beheermenu"). */
  label: string;
  /** The text of the button on small screens. */
  buttonLabel?: string;
  /** `gw-menu--public`, `gw-menu--sidebar`, `gw-menu--subnav`: where (below which width) the menu folds away. */
  variant: 'public' | 'sidebar' | 'subnav';
  className?: string;
  children: ReactNode;
}

/**
 * A navigation that folds away behind a "Menu" button on small screens (and at high zoom) and shows its links as they
 * are on wide screens, where the button is hidden (global.css). The button is a disclosure (aria-expanded,
 * aria-controls); Escape closes the menu and puts the focus back on the button; following a link closes it.
 */
export function MenuDisclosure({ label, buttonLabel = 'Menu', variant, className, children }: MenuDisclosureProps) {
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  // Open for the page it was opened on: any navigation (a link in the menu, back, a form) closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === location.key;

  function handleKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setOpenOn(null);
      button.current?.focus();
    }
  }

  return (
    // The key handler only catches Escape bubbling up from the button and links inside; it is no control itself.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <nav
      aria-label={label}
      className={['gw-menu', `gw-menu--${variant}`, className].filter(Boolean).join(' ')}
      data-open={open ? 'true' : 'false'}
      onKeyDown={handleKeyDown}
    >
      <button
        ref={button}
        type="button"
        className="gw-menu__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpenOn(open ? null : location.key)}
      >
        <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
          {open ? (
            <path d="M4 4l12 12M16 4L4 16" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
          ) : (
            <path d="M2 5h16M2 10h16M2 15h16" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
          )}
        </svg>
        {buttonLabel}
      </button>
      <div id={panelId} className="gw-menu__panel">
        {children}
      </div>
    </nav>
  );
}
