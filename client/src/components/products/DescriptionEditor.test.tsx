import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ids } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

afterEach(cleanup);

const categories = () => ({ categories: [{ __typename: 'Category', id: ids.category, name: 'Sport' }] });

function select(textarea: HTMLTextAreaElement, text: string) {
  const start = textarea.value.indexOf(text);
  textarea.focus();
  textarea.setSelectionRange(start, start + text.length);
}

describe('the description editor of the product form', () => {
  it('formats the selected text with the toolbar buttons, keeping the result selected', async () => {
    renderApp('/aanbieder/producten/nieuw', { kind: 'PROVIDER' }, { ProductFormCategories: categories });
    const textarea = (await screen.findByLabelText('Omschrijving')) as HTMLTextAreaElement;
    fireEvent.change(textarea, { target: { value: 'Tien lessen tennis\ngravel\nrackets' } });

    select(textarea, 'lessen');
    fireEvent.click(screen.getByRole('button', { name: 'Vet' }));
    expect(textarea.value).toBe('Tien **lessen** tennis\ngravel\nrackets');
    expect(textarea.value.slice(textarea.selectionStart, textarea.selectionEnd)).toBe('lessen');
    expect(document.activeElement).toBe(textarea);

    select(textarea, 'gravel\nrackets');
    fireEvent.click(screen.getByRole('button', { name: 'Opsomming' }));
    expect(textarea.value).toBe('Tien **lessen** tennis\n\n- gravel\n- rackets');

    select(textarea, 'tennis');
    fireEvent.keyDown(textarea, { key: 'i', ctrlKey: true });
    expect(textarea.value).toBe('Tien **lessen** *tennis*\n\n- gravel\n- rackets');

    select(textarea, 'Tien');
    fireEvent.click(screen.getByRole('button', { name: 'Link' }));
    expect(textarea.value.startsWith('[Tien](https://) **lessen**')).toBe(true);
    expect(textarea.value.slice(textarea.selectionStart, textarea.selectionEnd)).toBe('https://');
    // Every toolbar button is a real, labelled button controlling the textarea.
    for (const name of ['Tussenkop', 'Vet', 'Schuin', 'Opsomming', 'Genummerde lijst', 'Link']) {
      expect(screen.getByRole('button', { name }).getAttribute('aria-controls')).toBe(textarea.id);
    }
  });

  it('shows the preview the server renders, and goes back to editing with the text kept', async () => {
    const { operations } = renderApp(
      '/aanbieder/producten/nieuw',
      { kind: 'PROVIDER' },
      {
        ProductFormCategories: categories,
        PreviewMarkdown: () => ({ previewMarkdown: '<p>Tien <strong>lessen</strong></p>\n' }),
      },
    );
    const textarea = (await screen.findByLabelText('Omschrijving')) as HTMLTextAreaElement;
    fireEvent.change(textarea, { target: { value: 'Tien **lessen**' } });
    const toggle = screen.getByRole('button', { name: 'Voorbeeld' });
    fireEvent.click(toggle);
    await waitFor(() => expect(screen.getByText('lessen').tagName).toBe('STRONG'));
    expect(operations.find((o) => o.name === 'PreviewMarkdown')?.variables).toEqual({ source: 'Tien **lessen**' });
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(textarea.hidden).toBe(true);
    expect((screen.getByRole('button', { name: 'Vet' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Verder bewerken' }));
    expect(textarea.hidden).toBe(false);
    expect(textarea.value).toBe('Tien **lessen**');
    expect(document.activeElement).toBe(textarea);
  });
});
