import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '@/test/renderApp';

afterEach(cleanup);

const editor = { kind: 'STAFF' as const, permissions: ['CONTENT_EDIT' as const] };
const ID = '00000000-0000-4000-8000-000000000001';
const emptyList = () => ({
  adminCategories: {
    __typename: 'CategoryConnection',
    totalCount: 0,
    edges: [],
    pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null },
  },
});
const payload = (category: Record<string, unknown> | null, errors: Record<string, unknown>[] = []) => ({
  __typename: 'CategoryPayload',
  category: category ? { __typename: 'Category', id: ID, ...category } : null,
  errors: errors.map((e) => ({ __typename: 'UserError', field: null, ...e })),
});

describe('the category forms (the reference forms)', () => {
  it('checks with the server’s rules before sending: messages at the fields, a focused summary linking to them', async () => {
    const { operations } = renderApp('/admin/beheer/categorieen/nieuw', editor, {});
    const form = (await screen.findByRole('button', { name: 'Categorie opslaan' })).closest('form')!;
    fireEvent.change(within(form).getByLabelText(/^Naam/), { target: { value: 'x' } });
    fireEvent.change(within(form).getByLabelText(/^Volgorde/), { target: { value: '100001' } });
    fireEvent.submit(form);
    const summary = await screen.findByRole('alert');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    const links = within(summary).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual([
      'De naam moet tussen 2 en 80 tekens lang zijn.',
      'De volgorde moet een geheel getal van 0 tot en met 100.000 zijn.',
    ]);
    expect(links[0]!.getAttribute('href')).toBe('#categorie-name');
    expect(within(form).getByLabelText(/^Naam/).getAttribute('aria-invalid')).toBe('true');
    expect(operations.some((op) => op.name === 'CreateCategory')).toBe(false);
  });

  it('shows the server’s payload errors on their field, and sends once however often it is clicked', async () => {
    const { operations } = renderApp('/admin/beheer/categorieen/nieuw', editor, {
      CreateCategory: () => ({
        createCategory: payload(null, [
          { field: 'name', code: 'TAKEN', message: 'Er is al een categorie met deze naam.' },
        ]),
      }),
    });
    const button = await screen.findByRole('button', { name: 'Categorie opslaan' });
    fireEvent.change(screen.getByLabelText(/^Naam/), { target: { value: 'Sport' } });
    fireEvent.submit(button.closest('form')!);
    fireEvent.submit(button.closest('form')!);
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link').textContent).toBe('Er is al een categorie met deze naam.');
    expect(screen.getAllByText('Er is al een categorie met deze naam.')).toHaveLength(2); // in the summary and at the field
    expect(operations.filter((op) => op.name === 'CreateCategory')).toHaveLength(1);
    expect(operations.find((op) => op.name === 'CreateCategory')!.variables).toEqual({
      input: { name: 'Sport', description: '', sortOrder: 0 },
    });
  });

  it('shows the one network-error message when the server cannot be reached', async () => {
    renderApp('/admin/beheer/categorieen/nieuw', editor, {
      CreateCategory: () => {
        throw new Error('offline');
      },
    });
    fireEvent.change(await screen.findByLabelText(/^Naam/), { target: { value: 'Sport' } });
    fireEvent.submit(screen.getByRole('button', { name: 'Categorie opslaan' }).closest('form')!);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Het versturen is niet gelukt door een storing. Probeer het over een paar minuten opnieuw.',
    );
  });

  it('goes to the list with a notice after saving', async () => {
    const { router } = renderApp('/admin/beheer/categorieen/nieuw', editor, {
      CreateCategory: () => ({ createCategory: payload({ name: 'Sport' }) }),
      AdminCategories: emptyList,
    });
    fireEvent.change(await screen.findByLabelText(/^Naam/), { target: { value: ' Sport ' } });
    fireEvent.change(screen.getByLabelText(/^Volgorde/), { target: { value: '12' } });
    fireEvent.submit(screen.getByRole('button', { name: 'Categorie opslaan' }).closest('form')!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/beheer/categorieen'));
    expect(screen.getByText('De categorie ‘Sport’ is toegevoegd.').closest('[role=status]')).toBeTruthy();
  });

  it('edit: loading, not found, saving in place with a notice, and a refused delete', async () => {
    const category = {
      __typename: 'Category',
      id: ID,
      name: 'Sport',
      description: '',
      sortOrder: 1,
      featured: false,
      allProductCount: 2,
    };
    renderApp(`/admin/beheer/categorieen/${ID}`, editor, {
      AdminCategory: () => ({ category }),
      UpdateCategory: () => ({ updateCategory: payload({ name: 'Sport', description: '', sortOrder: 1 }) }),
      DeleteCategory: () => ({
        deleteCategory: {
          __typename: 'DeleteCategoryPayload',
          deletedId: null,
          errors: [
            {
              __typename: 'UserError',
              field: null,
              code: 'CATEGORY_HAS_PRODUCTS',
              message: 'Deze categorie kunt u niet verwijderen.',
            },
          ],
        },
      }),
      AdminCategories: emptyList,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Categorie ‘Sport’' })).toBeTruthy();
    fireEvent.submit(screen.getByRole('button', { name: 'Wijzigingen opslaan' }).closest('form')!);
    expect((await screen.findByText('De wijzigingen zijn opgeslagen.')).closest('[role=status]')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Categorie verwijderen' }));
    fireEvent.click(screen.getByRole('button', { name: 'Ja, verwijder deze categorie' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Deze categorie kunt u niet verwijderen.');
  });

  it('edit: an unknown category is not found', async () => {
    renderApp(`/admin/beheer/categorieen/${ID}`, editor, { AdminCategory: () => ({ category: null }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Pagina niet gevonden' })).toBeTruthy();
  });
});
