import { useEffect, useRef, useState } from 'react';
import { Alert } from '@/components/ui/Alert';

/**
 * A new API key, shown this once: the server keeps only its hash. A copy button, and a warning that it cannot be shown
 * again. The heading takes the focus, so a screen reader user hears at once what happened.
 */
export function ApiKeyOnce({ clientName, apiKey, onDone }: { clientName: string; apiKey: string; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  useEffect(() => heading.current?.focus(), []);
  const copy = () => {
    navigator.clipboard
      .writeText(apiKey)
      .then(() => setCopied('yes'))
      .catch(() => setCopied('no'));
  };
  return (
    <section className="gw-card" aria-labelledby="sleutel-kop">
      <h2 id="sleutel-kop" ref={heading} tabIndex={-1}>
        De sleutel van ‘{clientName}’
      </h2>
      <Alert variant="warning" title="U ziet deze sleutel maar één keer">
        Kopieer de sleutel nu en geef hem veilig door aan de partner. Wij bewaren alleen een versleutelde afdruk: na het
        sluiten kan niemand de sleutel meer inzien. Kwijt? Vervang dan de sleutel.
      </Alert>
      <p>
        <label htmlFor="api-sleutel">API-sleutel</label>
        <br />
        <input
          id="api-sleutel"
          className="gw-input"
          readOnly
          value={apiKey}
          size={Math.min(apiKey.length, 80)}
          spellCheck={false}
          autoComplete="off"
          onFocus={(e) => e.currentTarget.select()}
          data-testid="api-key"
        />
      </p>
      <p>
        De partner stuurt de sleutel mee in elke aanvraag: <code>Authorization: Bearer &lt;sleutel&gt;</code>.
      </p>
      <div className="gw-form-actions">
        <button type="button" className="gw-button" onClick={copy}>
          Sleutel kopiëren
        </button>
        <button type="button" className="gw-button gw-button--secondary" onClick={onDone}>
          Ik heb de sleutel bewaard
        </button>
      </div>
      <p role="status">
        {copied === 'yes' ? 'De sleutel is gekopieerd.' : null}
        {copied === 'no' ? 'Kopiëren lukte niet; selecteer de sleutel en kopieer hem zelf.' : null}
      </p>
    </section>
  );
}
