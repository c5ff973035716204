/** First focusable element of every page: jumps past the navigation to the main content. */
export function SkipLink() {
  return (
    <a className="gw-skip-link" href={`#${MAIN_ID}`}>
      Naar de inhoud
    </a>
  );
}

export const MAIN_ID = 'inhoud';
