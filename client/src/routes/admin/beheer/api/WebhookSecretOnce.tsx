import { useEffect, useRef, useState } from 'react';
import { Alert } from '@/components/ui/Alert';

/**
 * A webhook's new signing secret, shown this once: the server keeps it only sealed. A copy button, and the warning
 * that it cannot be shown again. The heading takes the focus.
 */
export function WebhookSecretOnce({
  endpointUrl,
  secret,
  onDone,
}: {
  endpointUrl: string;
  secret: string;
  onDone: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  useEffect(() => heading.current?.focus(), []);
  const copy = () => {
    navigator.clipboard
      .writeText(secret)
      .then(() => setCopied('yes'))
      .catch(() => setCopied('no'));
  };
  return (
    <section className="gw-card" aria-labelledby="webhook-sleutel-kop">
      <h3 id="webhook-sleutel-kop" ref={heading} tabIndex={-1}>
        De ondertekeningssleutel van de webhook naar {endpointUrl}
      </h3>
      <Alert variant="warning" title="U ziet deze sleutel maar één keer">
        Kopieer de sleutel nu en geef hem veilig door aan de partner. Na het sluiten kan niemand hem meer inzien. Kwijt?
        Maak dan een nieuwe sleutel.
      </Alert>
      <p>
        <label htmlFor="webhook-sleutel">Ondertekeningssleutel</label>
        <br />
        <input
          id="webhook-sleutel"
          className="gw-input"
          readOnly
          value={secret}
          size={Math.min(secret.length, 80)}
          spellCheck={false}
          autoComplete="off"
          onFocus={(e) => e.currentTarget.select()}
          data-testid="webhook-secret"
        />
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
