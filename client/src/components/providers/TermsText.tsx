import { useId } from 'react';

interface TermsTextProps {
  terms: { title: string; version: number; body: string };
  /** The heading level of the title inside the surrounding page. */
  level?: 2 | 3;
}

/** The text of a terms version: plain text, paragraphs separated by blank lines. */
export function TermsText({ terms, level = 3 }: TermsTextProps) {
  const id = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  const paragraphs = terms.body
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return (
    <section className="gw-terms" aria-labelledby={`${id}-titel`}>
      <Heading id={`${id}-titel`}>
        {terms.title} <span className="gw-muted">(versie {terms.version})</span>
      </Heading>
      {paragraphs.map((paragraph, index) => (
        <p key={index} style={{ whiteSpace: 'pre-line' }}>
          {paragraph}
        </p>
      ))}
    </section>
  );
}
