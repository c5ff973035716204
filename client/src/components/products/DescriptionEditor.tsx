import { useApolloClient } from '@apollo/client/react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { graphql } from '../../graphql/generated';
import { applyFormat, type MarkdownFormat } from './markdownFormat';
import { FieldMessages } from '../forms/TextField';

/** The preview is rendered by the server's own `renderMarkdown`: exactly what the product page will show. */
export const PreviewMarkdownDocument = graphql(`
  query PreviewMarkdown($source: String!) {
    previewMarkdown(source: $source)
  }
`);

const BUTTONS: { format: MarkdownFormat; label: string; shortcut?: string }[] = [
  { format: 'heading', label: 'Tussenkop' },
  { format: 'bold', label: 'Vet', shortcut: 'Control+B' },
  { format: 'italic', label: 'Schuin', shortcut: 'Control+I' },
  { format: 'bulletList', label: 'Opsomming' },
  { format: 'numberedList', label: 'Genummerde lijst' },
  { format: 'link', label: 'Link', shortcut: 'Control+K' },
];

interface DescriptionEditorProps {
  id: string;
  name: string;
  label: string;
  hint?: string;
  error?: string | null;
  defaultValue?: string;
  rows?: number;
  /**
   * Another renderer for the preview (a content page renders with `previewContentPage`, as its public page does);
   * default the product description's `previewMarkdown`.
   */
  renderPreview?: (source: string) => Promise<string | null | undefined>;
  /** What the preview says it shows; default the product page. */
  previewLabel?: string;
  /** Shown in the preview when there is no text yet. */
  emptyPreview?: string;
}

type Preview = { state: 'idle' } | { state: 'loading' } | { state: 'done'; html: string } | { state: 'error' };

/**
 * The product description with a formatting toolbar and a preview. The buttons change the text around the selection
 * (markdownFormat.ts), so the provider never types Markdown; "Voorbeeld" shows the text as the product page will,
 * rendered by the server (`previewMarkdown`, the same function as the page's `descriptionHtml`). The textarea stays
 * in the form while the preview shows, so what is submitted is always the text.
 */
export function DescriptionEditor({
  id,
  name,
  label,
  hint,
  error,
  defaultValue,
  rows = 10,
  renderPreview,
  previewLabel = 'Voorbeeld: zo ziet de omschrijving eruit op de productpagina.',
  emptyPreview = 'U heeft nog geen omschrijving geschreven.',
}: DescriptionEditorProps) {
  const client = useApolloClient();
  const textarea = useRef<HTMLTextAreaElement>(null);
  const previewId = useId();
  const [previewing, setPreviewing] = useState(false);
  const [preview, setPreview] = useState<Preview>({ state: 'idle' });
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-fout` : null].filter(Boolean).join(' ') || undefined;

  function format(kind: MarkdownFormat) {
    const el = textarea.current;
    if (!el) return;
    const next = applyFormat({ value: el.value, start: el.selectionStart, end: el.selectionEnd }, kind);
    el.value = next.value;
    el.focus();
    el.setSelectionRange(next.start, next.end);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
    const kind = ({ b: 'bold', i: 'italic', k: 'link' } as const)[event.key.toLowerCase() as 'b' | 'i' | 'k'];
    if (!kind) return;
    event.preventDefault();
    format(kind);
  }

  async function showPreview() {
    setPreviewing(true);
    setPreview({ state: 'loading' });
    try {
      const source = textarea.current?.value ?? '';
      if (renderPreview) {
        const html = await renderPreview(source);
        setPreview(html == null ? { state: 'error' } : { state: 'done', html });
        return;
      }
      const r = await client.query({
        query: PreviewMarkdownDocument,
        variables: { source },
        fetchPolicy: 'no-cache',
      });
      setPreview(r.data ? { state: 'done', html: r.data.previewMarkdown } : { state: 'error' });
    } catch {
      setPreview({ state: 'error' });
    }
  }

  // Back from the preview: the text again, with the focus in it (once it is shown).
  const focusText = useRef(false);
  useEffect(() => {
    if (!previewing && focusText.current) {
      focusText.current = false;
      textarea.current?.focus();
    }
  }, [previewing]);

  // A problem with the text: back to the text, so the error summary's link can reach it.
  useEffect(() => {
    if (error) setPreviewing(false);
  }, [error]);

  function edit() {
    focusText.current = true;
    setPreviewing(false);
  }

  return (
    <div className="gw-field gw-description-editor">
      <label className="gw-field__label" htmlFor={id}>
        {label}
      </label>
      <FieldMessages id={id} hint={hint} error={error} />
      <div className="gw-md-toolbar" role="group" aria-label="Opmaak">
        {BUTTONS.map((b) => (
          <button
            key={b.format}
            type="button"
            className="gw-button gw-button--secondary gw-button--small"
            aria-controls={id}
            aria-keyshortcuts={b.shortcut}
            disabled={previewing}
            onClick={() => format(b.format)}
          >
            {b.label}
          </button>
        ))}
        <button
          type="button"
          className="gw-button gw-button--secondary gw-button--small gw-md-toolbar__preview"
          aria-pressed={previewing}
          aria-controls={previewId}
          onClick={() => (previewing ? edit() : void showPreview())}
        >
          Voorbeeld
        </button>
      </div>
      <textarea
        ref={textarea}
        id={id}
        name={name}
        rows={rows}
        className="gw-input gw-textarea"
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        hidden={previewing}
        onKeyDown={onKeyDown}
      />
      <div id={previewId} hidden={!previewing} className="gw-md-preview">
        <p className="gw-md-preview__label" aria-live="polite">
          {preview.state === 'loading'
            ? 'Het voorbeeld wordt gemaakt…'
            : preview.state === 'error'
              ? 'Het voorbeeld kon niet worden gemaakt. Probeer het opnieuw.'
              : preview.state === 'done'
                ? previewLabel
                : null}
        </p>
        {preview.state === 'done' ? (
          preview.html ? (
            <div className="gw-prose" dangerouslySetInnerHTML={{ __html: preview.html }} />
          ) : (
            <p>{emptyPreview}</p>
          )
        ) : null}
        {previewing ? (
          <button type="button" className="gw-button gw-button--secondary gw-button--small" onClick={edit}>
            Verder bewerken
          </button>
        ) : null}
      </div>
    </div>
  );
}
