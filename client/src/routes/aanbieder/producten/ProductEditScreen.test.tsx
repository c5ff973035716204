import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { approval, ids } from '@/test/fixtures';
import { renderApp } from '@/test/renderApp';
import { ruleCheck } from '@/components/forms/ruleCheck';
import { productFormRules } from '@/components/products/ProductForm';

afterEach(cleanup);

const categories = () => ({ categories: [{ __typename: 'Category', id: ids.category, name: 'Sport' }] });

function myProduct(status: string, approvals: ReturnType<typeof approval>[] = []) {
  return {
    myProduct: {
      __typename: 'Product',
      id: ids.product1,
      title: 'Zwemles',
      slug: 'zwemles',
      description: 'Tien **lessen**.',
      descriptionHtml: '<p>Tien <strong>lessen</strong>.</p>\n',
      priceCents: 1250,
      status,
      availability: 'AVAILABLE',
      redemptionMethod: 'VOUCHER_CODE',
      approvals,
      submittedAt: '2026-03-03T13:05:00.000Z',
      updatedAt: '2026-03-03T13:05:00.000Z',
      category: { __typename: 'Category', id: ids.category, name: 'Sport' },
      images: [],
    },
  };
}

describe('/aanbieder/producten/:productId', () => {
  it('shows the rejection reason and the form filled in, with the price in euros', async () => {
    renderApp(
      `/aanbieder/producten/${ids.product1}`,
      { kind: 'PROVIDER' },
      {
        MyProduct: () => myProduct('REJECTED', [approval('zuiderveen', 'REJECTED', 'Vermeld de leeftijden.')]),
        ProductFormCategories: categories,
      },
    );
    expect(await screen.findByText('Reden: Vermeld de leeftijden.')).toBeTruthy();
    expect(((await screen.findByLabelText('Prijs in euro')) as HTMLInputElement).value).toBe('12,50');
    expect((screen.getByLabelText('Titel') as HTMLInputElement).value).toBe('Zwemles');
    expect((screen.getByLabelText('Tegoedbon met code') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('button', { name: 'Opslaan en opnieuw indienen' })).toBeTruthy();
  });

  it('shows each municipality’s decision: in the offer of one, rejected with a reason by the other', async () => {
    renderApp(
      `/aanbieder/producten/${ids.product1}`,
      { kind: 'PROVIDER' },
      {
        MyProduct: () =>
          myProduct('APPROVED', [
            approval('noorderhaven', 'REJECTED', 'Niet voor volwassenen.'),
            approval('zuiderveen', 'APPROVED'),
          ]),
        ProductFormCategories: categories,
      },
    );
    expect(
      await screen.findByText('Goedgekeurd in Gemeente Zuiderveen. Afgekeurd in Gemeente Noorderhaven.'),
    ).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Beslissing van elke gemeente waar u aanbieder bent' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) => [within(r).getByRole('rowheader').textContent, within(r).getAllByRole('cell')[0]!.textContent]),
    ).toEqual([
      ['Gemeente Noorderhaven', 'Afgekeurd'],
      ['Gemeente Zuiderveen', 'Goedgekeurd'],
    ]);
    expect(within(rows[0]!).getByText('Niet voor volwassenen.')).toBeTruthy();
    expect(screen.getByText('Gemeente Noorderhaven heeft dit product afgekeurd')).toBeTruthy();
    expect(screen.getByText('Reden: Niet voor volwassenen.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Bekijk het product in het aanbod' }).closest('dd')!.textContent).toMatch(
      /voor inwoners van Gemeente Zuiderveen\)$/,
    );
  });

  it('checks the input before sending it, with Dutch messages on the fields', async () => {
    const { operations } = renderApp(
      `/aanbieder/producten/${ids.product1}`,
      { kind: 'PROVIDER' },
      {
        MyProduct: () => myProduct('DRAFT'),
        ProductFormCategories: categories,
      },
    );
    fireEvent.change(await screen.findByLabelText('Prijs in euro'), { target: { value: '12,345' } });
    fireEvent.change(screen.getByLabelText('Titel'), { target: { value: 'ab' } });
    fireEvent.click(screen.getByRole('button', { name: 'Wijzigingen opslaan' }));
    const summary = await screen.findByRole('alert');
    expect(
      within(summary)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['De titel moet tussen 3 en 120 tekens lang zijn.', 'Vul een bedrag in euro’s in, bijvoorbeeld 12,50.']);
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(screen.getByLabelText('Titel').getAttribute('aria-invalid')).toBe('true');
    expect(operations.some((op) => op.name === 'UpdateProduct')).toBe(false);
  });

  it('shows a submitted product read-only, with its rendered description', async () => {
    renderApp(
      `/aanbieder/producten/${ids.product1}`,
      { kind: 'PROVIDER' },
      {
        MyProduct: () => myProduct('SUBMITTED'),
        ProductFormCategories: categories,
      },
    );
    expect(await screen.findByText('Dit product wordt beoordeeld')).toBeTruthy();
    expect(screen.queryByLabelText('Titel')).toBeNull();
    expect(screen.getByText('lessen').tagName).toBe('STRONG');
  });
});

describe('the product form’s instant check', () => {
  const check = ruleCheck(productFormRules);
  it('uses the server’s rules, with the price typed in euros', () => {
    expect(check({ title: 'Zwemles', description: '', priceCents: '10.000,00', categoryId: ids.category })).toEqual({});
    expect(productFormRules.priceCents.check('10.000,00')).toEqual({ ok: true, value: 1_000_000 });
    expect(
      check({ title: 'Zwemles', description: '', priceCents: '10.000,01', categoryId: ids.category }).priceCents,
    ).toBe('De prijs moet tussen € 0,01 en € 10.000,00 liggen.');
    expect(
      check({ title: 'Zwemles', description: '', priceCents: '0,00', categoryId: ids.category }).priceCents,
    ).toBeTruthy();
    expect(check({ title: 'x'.repeat(121), description: 'y'.repeat(10_001), priceCents: '1', categoryId: '' })).toEqual(
      {
        title: 'De titel moet tussen 3 en 120 tekens lang zijn.',
        description: 'De omschrijving mag hoogstens 10.000 tekens lang zijn.',
        categoryId: 'Kies een categorie.',
      },
    );
  });
});
