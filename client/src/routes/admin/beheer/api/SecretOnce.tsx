import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert } from '@/components/ui/Alert';

/**
 * A secret shown this once (an API key, a webhook's signing secret): the server keeps only a hash or a sealed copy.
 * The secret in a read-only field that selects itself, a copy button with its outcome announced, the warning that it
 * cannot be shown again, and "Ik heb de sleutel bewaard". The heading takes the focus, so a screen reader user hears
 * at once what happened.
 */
export function SecretOnce({
  id,
  heading: Heading,
  title,
  warning,
  label,
  secret,
  testId,
  children,
  onDone,
}: {
  /** Prefix of the ids, unique on the page. */
  id: string;
  heading: 'h2' | 'h3';
  title: ReactNode;
  /** What happens to the secret after this (under "U ziet deze sleutel maar één keer"). */
  warning: ReactNode;
  /** The field's label. */
  label: string;
  secret: string;
  testId: string;
  /** What the partner does with it, under the field. */
  children?: ReactNode;
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
    <section className="gw-card" aria-labelledby={`${id}-kop`}>
      <Heading id={`${id}-kop`} ref={heading} tabIndex={-1}>
        {title}
      </Heading>
      <Alert variant="warning" title="U ziet deze sleutel maar één keer">
        {warning}
      </Alert>
      <p>
        <label htmlFor={id}>{label}</label>
        <br />
        <input
          id={id}
          className="gw-input"
          readOnly
          value={secret}
          size={Math.min(secret.length, 80)}
          spellCheck={false}
          autoComplete="off"
          onFocus={(e) => e.currentTarget.select()}
          data-testid={testId}
        />
      </p>
      {children}
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
