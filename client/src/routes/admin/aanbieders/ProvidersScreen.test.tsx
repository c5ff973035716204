import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '@/test/renderApp';

afterEach(cleanup);

const staff = { kind: 'STAFF' as const, permissions: ['PROVIDER_APPROVE' as const] };

function membership(n: number, status: string) {
  return {
    __typename: 'ProviderMembership',
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    status,
    appliedAt: '2026-03-03T13:05:00.000Z',
    decidedAt: null,
    municipality: {
      __typename: 'Municipality',
      id: '00000000-0000-4000-8000-00000000000a',
      name: 'Gemeente Zuiderveen',
    },
    provider: {
      __typename: 'Provider',
      id: `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      name: `Aanbieder ${n}`,
      city: 'Zuiderveen',
    },
  };
}

const page = (nodes: ReturnType<typeof membership>[], hasNextPage = false, totalCount = nodes.length) => ({
  providerMemberships: {
    __typename: 'ProviderMembershipConnection',
    totalCount,
    edges: nodes.map((node) => ({ __typename: 'ProviderMembershipEdge', cursor: `c-${node.id}`, node })),
    pageInfo: { __typename: 'PageInfo', hasNextPage, endCursor: nodes.length ? `c-${nodes.at(-1)!.id}` : null },
  },
});

describe('/admin/aanbieders (list kit)', () => {
  it('opens on the memberships to decide on, and keeps another status in the URL', async () => {
    const { router, operations } = renderApp('/admin/aanbieders', staff, {
      ProviderMemberships: (v) =>
        (v.filter as { status: string | null }).status === 'PENDING'
          ? page([membership(1, 'PENDING')], true, 2)
          : page([membership(3, 'APPROVED')]),
    });
    const table = await screen.findByRole('table', { name: 'Te beoordelen: 1 van 2' });
    expect(within(table).getByRole('rowheader').textContent).toBe('Aanbieder 1');
    expect(operations.find((op) => op.name === 'ProviderMemberships')!.variables).toMatchObject({
      filter: { status: 'PENDING' },
    });
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('in-behandeling');

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'alle' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filteren' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=alle'));
    expect(await screen.findByRole('table', { name: 'Alle aanmeldingen: 1 van 1' })).toBeTruthy();
    expect(operations.filter((op) => op.name === 'ProviderMemberships').at(-1)!.variables).toMatchObject({
      filter: { status: null },
    });
  });

  it('says when nothing waits, and when nothing has the chosen status', async () => {
    renderApp('/admin/aanbieders', staff, { ProviderMemberships: () => page([]) });
    expect(await screen.findByText(/Er zijn geen aanmeldingen om te beoordelen\./)).toBeTruthy();
    cleanup();
    renderApp('/admin/aanbieders?status=afgewezen', staff, { ProviderMemberships: () => page([]) });
    expect(await screen.findByText(/Er zijn geen aanmeldingen met deze status\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Filters wissen' }).getAttribute('href')).toBe('/admin/aanbieders');
  });
});
