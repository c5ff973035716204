import { useId, useRef, useState, type ReactNode } from 'react';
import './filters.css';

/**
 * On small screens the offer's filters fold away behind a "Filters" button (a disclosure: aria-expanded and
 * aria-controls), so the products come first; the button says how many filters are in force. On wide screens the
 * button is not there and the filters are always shown (CSS).
 *
 * `children` gets `done`: call it after the filters changed; on a small screen the panel closes and the focus returns
 * to the button, right above the results.
 */
export function FilterDisclosure({
  activeCount,
  children,
}: {
  activeCount: number;
  children: (done: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const panelId = `filters-${useId().replace(/:/g, '')}`;
  const button = useRef<HTMLButtonElement>(null);
  const done = () => {
    // Only where the button is shown (display: none on wide screens gives it no layout box).
    if (!button.current || button.current.getClientRects().length === 0) return;
    setOpen(false);
    button.current.focus();
  };
  return (
    <div className="gw-filters">
      <button
        ref={button}
        type="button"
        className="gw-button gw-button--secondary gw-filters__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        Filters
        {activeCount > 0 ? (
          <>
            {' '}
            <span className="gw-filters__count">{activeCount}</span> <span className="gw-visually-hidden">actief</span>
          </>
        ) : null}
      </button>
      <div id={panelId} className="gw-filters__panel" data-open={open}>
        {children(done)}
      </div>
    </div>
  );
}
