import { useEffect } from 'react';
import { MAIN_ID } from './SkipLink';

const MARK = 'data-gw-scroll-region';

/** The name of a table's scroll region: its caption, else its own label, else "Tabel". */
function regionName(wrapper: HTMLElement): string {
  const table = wrapper.querySelector('table');
  const caption = table?.caption?.textContent?.replace(/\s+/g, ' ').trim();
  return caption || table?.getAttribute('aria-label') || 'Tabel';
}

/**
 * A wide table scrolls inside its `.gw-table-wrapper` instead of the page (WCAG 1.4.10 reflow). While it does, the
 * wrapper is a named, focusable region (tabindex 0, role region, named after the table's caption) so keyboard users
 * can scroll it too (axe "scrollable-region-focusable"); when the table fits again it is no tab stop. Rendered once per
 * layout, it watches the main element, so every screen's tables get this without doing anything. A wrapper whose
 * screen sets a role itself is left alone.
 */
export function ScrollableTables() {
  useEffect(() => {
    const main = document.getElementById(MAIN_ID);
    if (!main) return;
    const resize = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(() => update());
    const watched = new WeakSet<Element>();

    function update() {
      for (const wrapper of Array.from(main!.querySelectorAll<HTMLElement>('.gw-table-wrapper'))) {
        if (!watched.has(wrapper)) {
          watched.add(wrapper);
          resize?.observe(wrapper);
          if (wrapper.firstElementChild) resize?.observe(wrapper.firstElementChild);
        }
        const ours = wrapper.hasAttribute(MARK);
        if (!ours && wrapper.hasAttribute('role')) continue;
        if (wrapper.scrollWidth > wrapper.clientWidth + 1) {
          wrapper.setAttribute(MARK, '');
          wrapper.setAttribute('role', 'region');
          wrapper.setAttribute('tabindex', '0');
          const name = regionName(wrapper);
          if (wrapper.getAttribute('aria-label') !== name) wrapper.setAttribute('aria-label', name);
        } else if (ours) {
          wrapper.removeAttribute(MARK);
          wrapper.removeAttribute('role');
          wrapper.removeAttribute('tabindex');
          wrapper.removeAttribute('aria-label');
        }
      }
    }

    const mutations = new MutationObserver(update);
    mutations.observe(main, { childList: true, subtree: true, characterData: true });
    update();
    return () => {
      mutations.disconnect();
      resize?.disconnect();
    };
  }, []);
  return null;
}
