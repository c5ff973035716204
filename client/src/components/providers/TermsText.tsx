import { useId } from 'react';

interface TermsTextProps {
  terms: { title: string; version: number; bodyHtml: string };
  /** The heading level of the title inside the surrounding page (the text's own headings come below it). */
  level?: 2 | 3;
}

/** The text of a terms version: Markdown rendered by the server (`bodyHtml`, safe HTML). */
export function TermsText({ terms, level = 3 }: TermsTextProps) {
  const id = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className="gw-terms" aria-labelledby={`${id}-titel`}>
      <Heading id={`${id}-titel`}>
        {terms.title} <span className="gw-muted">(versie {terms.version})</span>
      </Heading>
      <div className="gw-prose" dangerouslySetInnerHTML={{ __html: terms.bodyHtml }} />
    </section>
  );
}
