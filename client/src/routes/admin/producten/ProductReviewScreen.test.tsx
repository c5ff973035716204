import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { approval, ids, productNode } from '@/test/fixtures';
import { renderApp } from '@/test/renderApp';

afterEach(cleanup);

const staff = { kind: 'STAFF' as const, permissions: ['PRODUCT_REVIEW' as const] };

function reviewProduct(approvals: ReturnType<typeof approval>[], status = 'SUBMITTED') {
  return {
    reviewProduct: {
      ...productNode(ids.product1, 'Zwemles', 1250),
      status,
      submittedAt: '2026-03-03T13:05:00.000Z',
      createdAt: '2026-03-03T13:00:00.000Z',
      approvals,
    },
  };
}

function decided(approvals: ReturnType<typeof approval>[]) {
  return { __typename: 'Product', id: ids.product1, status: 'APPROVED', approvals };
}

describe('/admin/producten/:productId', () => {
  it('decides per municipality of the scope: approve one, or all at once when several wait', async () => {
    const { operations } = renderApp(`/admin/producten/${ids.product1}`, staff, {
      ReviewProduct: () => reviewProduct([approval('noorderhaven', 'PENDING'), approval('zuiderveen', 'PENDING')]),
      ApproveProduct: (v) => ({
        approveProduct: {
          __typename: 'ProductPayload',
          errors: [],
          product: decided(
            [approval('noorderhaven', 'PENDING'), approval('zuiderveen', 'APPROVED')].filter(
              (a) => a.status === 'PENDING' || (v.municipalityIds as string[]).includes(a.municipality.id),
            ),
          ),
        },
      }),
      ReviewProducts: () => ({
        reviewProducts: {
          __typename: 'ProductConnection',
          totalCount: 0,
          edges: [],
          pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null },
        },
      }),
      AdminDashboard: () => ({ adminDashboard: null }),
    });
    const table = await screen.findByRole('table', { name: 'Beslissing per gemeente' });
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((th) => th.textContent),
    ).toEqual(['Gemeente Noorderhaven', 'Gemeente Zuiderveen']);
    expect(screen.getByRole('button', { name: 'Goedkeuren voor alle 2 gemeenten' })).toBeTruthy();
    // Rejecting sits behind a disclosure: the approve button stands alone.
    const toggle = screen.getByRole('button', { name: 'Afkeuren voor Gemeente Zuiderveen…' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByLabelText('Reden van afkeuren voor Gemeente Zuiderveen')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Afkeuren voor Gemeente Zuiderveen' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Goedkeuren voor Gemeente Zuiderveen' }));
    expect(await screen.findByText(/Het product is goedgekeurd voor Gemeente Zuiderveen/)).toBeTruthy();
    expect(operations.find((op) => op.name === 'ApproveProduct')!.variables).toEqual({
      id: ids.product1,
      municipalityIds: [ids.zuiderveen],
    });
    // Only Noorderhaven waits now: no "all" button, no Zuiderveen form.
    await waitFor(() => expect(screen.queryByRole('button', { name: /Goedkeuren voor alle/ })).toBeNull());
    expect(screen.queryByRole('button', { name: 'Afkeuren voor Gemeente Zuiderveen…' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Goedkeuren voor Gemeente Noorderhaven' })).toBeTruthy();
  });

  it('needs a reason to reject for a municipality, and sends it for that municipality only', async () => {
    const { operations } = renderApp(`/admin/producten/${ids.product1}`, staff, {
      ReviewProduct: () => reviewProduct([approval('noorderhaven', 'PENDING'), approval('zuiderveen', 'PENDING')]),
      RejectProduct: () => ({
        rejectProduct: {
          __typename: 'ProductPayload',
          errors: [],
          product: decided([
            approval('noorderhaven', 'REJECTED', 'Niet voor volwassenen.'),
            approval('zuiderveen', 'PENDING'),
          ]),
        },
      }),
      ReviewProducts: () => ({
        reviewProducts: {
          __typename: 'ProductConnection',
          totalCount: 0,
          edges: [],
          pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null },
        },
      }),
      AdminDashboard: () => ({ adminDashboard: null }),
    });
    const toggle = await screen.findByRole('button', { name: 'Afkeuren voor Gemeente Noorderhaven…' });
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByLabelText('Reden van afkeuren voor Gemeente Noorderhaven')),
    );
    // Escape closes it and gives the focus back to the button; it opens again.
    fireEvent.keyDown(screen.getByLabelText('Reden van afkeuren voor Gemeente Noorderhaven'), { key: 'Escape' });
    await waitFor(() => expect(document.activeElement).toBe(toggle));
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByLabelText('Reden van afkeuren voor Gemeente Noorderhaven')).toBeNull();
    fireEvent.click(toggle);

    fireEvent.click(await screen.findByRole('button', { name: 'Afkeuren voor Gemeente Noorderhaven' }));
    const summary = await screen.findByRole('alert');
    expect(
      within(summary).getByRole('link', {
        name: 'Geef de reden van afkeuren (minstens 5 tekens). De aanbieder ziet deze reden.',
      }),
    ).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(screen.getByLabelText('Reden van afkeuren voor Gemeente Noorderhaven').getAttribute('aria-invalid')).toBe(
      'true',
    );
    expect(operations.some((op) => op.name === 'RejectProduct')).toBe(false);

    fireEvent.change(screen.getByLabelText('Reden van afkeuren voor Gemeente Noorderhaven'), {
      target: { value: 'Niet voor volwassenen.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Afkeuren voor Gemeente Noorderhaven' }));
    expect(await screen.findByText(/Het product is afgekeurd voor Gemeente Noorderhaven/)).toBeTruthy();
    expect(operations.find((op) => op.name === 'RejectProduct')!.variables).toEqual({
      id: ids.product1,
      reason: 'Niet voor volwassenen.',
      municipalityIds: [ids.noorderhaven],
    });
  });

  it('explains when no municipality of the scope can decide yet', async () => {
    renderApp(`/admin/producten/${ids.product1}`, staff, { ReviewProduct: () => reviewProduct([]) });
    expect(await screen.findByText(/In uw gemeenten staat dit product niet ter beoordeling/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Goedkeuren/ })).toBeNull();
  });
});
