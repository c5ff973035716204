import type { MouseEvent, Ref } from 'react';
import { Alert } from '../ui/Alert';

export interface SummaryItem {
  /** The id of the input the error is about; null for an error about the whole form. */
  fieldId: string | null;
  message: string;
}

interface ErrorSummaryProps {
  items: readonly SummaryItem[];
  id?: string;
  title?: string;
  /** useMutationForm focuses the summary after a failed submit. */
  ref?: Ref<HTMLDivElement>;
}

/**
 * The problems of a form after sending it, read out at once (role="alert"), each linking to its field
 * (the same message is shown at the field itself).
 */
export function ErrorSummary({ items, id, title, ref }: ErrorSummaryProps) {
  if (items.length === 0) return null;
  const general = items.filter((i) => !i.fieldId);
  const fields = items.filter((i) => i.fieldId);

  function focus(event: MouseEvent<HTMLAnchorElement>, fieldId: string) {
    const element = document.getElementById(fieldId);
    if (!element) return;
    event.preventDefault();
    element.focus();
    element.scrollIntoView({ block: 'center' });
  }

  return (
    <Alert
      variant="error"
      role="alert"
      id={id}
      tabIndex={-1}
      ref={ref}
      title={title ?? (fields.length ? 'Controleer de volgende gegevens' : undefined)}
    >
      {general.map((item) => (
        <p key={item.message}>{item.message}</p>
      ))}
      {fields.length ? (
        <ul>
          {fields.map((item) => (
            <li key={item.fieldId}>
              <a href={`#${item.fieldId}`} onClick={(e) => focus(e, item.fieldId!)}>
                {item.message}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </Alert>
  );
}
