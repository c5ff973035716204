import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '@/test/renderApp';

afterEach(cleanup);

const staff = { kind: 'STAFF' as const, permissions: ['MESSAGE_SEND' as const] };
const ZV = '00000000-0000-4000-8000-00000000000a';

function message(n: number) {
  return {
    __typename: 'MassMessage',
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    title: `Bericht ${n}`,
    audienceLabel: 'Alle inwoners van de gemeente (Gemeente Zuiderveen)',
    status: 'SENT',
    recipientCount: 100 + n,
    readCount: n,
    residents: true,
    createdAt: new Date(Date.UTC(2030, 2, 10 - n, 9)).toISOString(),
  };
}

const connection = (nodes: ReturnType<typeof message>[], hasNextPage: boolean, totalCount: number) => ({
  massMessages: {
    __typename: 'MassMessageConnection',
    totalCount,
    edges: nodes.map((node) => ({ __typename: 'MassMessageEdge', cursor: `c-${node.id}`, node })),
    pageInfo: { __typename: 'PageInfo', hasNextPage, endCursor: nodes.length ? `c-${nodes.at(-1)!.id}` : null },
  },
});

const responders = (list: (v: Record<string, unknown>) => Record<string, unknown>) => ({
  AdminMessagesViewer: () => ({
    viewer: {
      __typename: 'ViewerInfo',
      kind: 'STAFF',
      municipalities: [{ __typename: 'Municipality', id: ZV, name: 'Gemeente Zuiderveen' }],
    },
  }),
  AdminAnnouncements: () => ({ announcements: [] }),
  AdminMassMessages: list,
});

describe('/admin/meldingen: the sent messages (list kit, filters in the URL)', () => {
  it('pages with "load more" through the cache policy', async () => {
    const { operations } = renderApp(
      '/admin/meldingen',
      staff,
      responders((v) => (v.after ? connection([message(3)], false, 3) : connection([message(1), message(2)], true, 3))),
    );
    await screen.findByRole('table', { name: /Verstuurde berichten.*2 van 3/ });
    fireEvent.click(screen.getByRole('button', { name: 'Meer berichten laden' }));
    const table = await screen.findByRole('table', { name: /Verstuurde berichten.*3 van 3/ });
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((r) => r.textContent),
    ).toEqual(['Bericht 1', 'Bericht 2', 'Bericht 3']);
    expect(within(table).getByRole('link', { name: 'Bericht 3' }).getAttribute('href')).toBe(
      `/admin/meldingen/bericht/${message(3).id}`,
    );
    expect(operations.filter((op) => op.name === 'AdminMassMessages').map((op) => op.variables.after ?? null)).toEqual([
      null,
      `c-${message(2).id}`,
    ]);
  });

  it('searches and filters by audience through the URL', async () => {
    const { router, operations } = renderApp(
      '/admin/meldingen?zoeken=sport&doelgroep=client-group',
      staff,
      responders((v) =>
        (v.filter as { search: string | null }).search === 'qwxyz'
          ? connection([], false, 0)
          : connection([message(1)], false, 1),
      ),
    );
    await screen.findByRole('table', { name: /1 van 1/ });
    expect(operations.find((op) => op.name === 'AdminMassMessages')!.variables).toMatchObject({
      filter: { search: 'sport', audienceKind: 'CLIENT_GROUP' },
    });
    fireEvent.change(screen.getByRole('searchbox', { name: /Zoeken/ }), { target: { value: 'qwxyz' } });
    fireEvent.submit(screen.getByRole('search', { name: 'Verstuurde berichten filteren' }));
    await waitFor(() => expect(router.state.location.search).toBe('?zoeken=qwxyz&doelgroep=client-group'));
    expect(await screen.findByText(/Er zijn geen verstuurde berichten die hierbij passen/)).toBeTruthy();
  });
});

describe('/admin/meldingen: the public announcements', () => {
  const announcement = (over: Record<string, unknown>) => ({
    __typename: 'Announcement',
    body: 'Tekst.',
    severity: 'OUTAGE',
    state: 'ACTIVE',
    startsAt: new Date(Date.UTC(2030, 2, 10, 9)).toISOString(),
    endsAt: null,
    ...over,
  });

  it('lists the live platform-wide banner for a scoped editor, marked and not editable; the form says who sees it', async () => {
    renderApp('/admin/meldingen', staff, {
      ...responders(() => connection([], false, 0)),
      AdminAnnouncements: () => ({
        announcements: [
          announcement({
            id: '00000000-0000-4000-8000-0000000000a1',
            title: 'Storing DigiD',
            municipalityId: null,
            municipalityName: null,
            editable: false,
          }),
          announcement({
            id: '00000000-0000-4000-8000-0000000000a2',
            title: 'Loket dicht',
            severity: 'INFO',
            municipalityId: ZV,
            municipalityName: 'Gemeente Zuiderveen',
            editable: true,
          }),
        ],
      }),
    });
    const table = await screen.findByRole('table', { name: 'Openbare meldingen' });
    const [platformRow, ownRow] = within(table).getAllByRole('row').slice(1);
    expect(platformRow!.textContent).toContain('Alle gemeenten (het hele platform)');
    expect(platformRow!.textContent).toContain('Alleen te wijzigen door wie alle gemeenten beheert');
    expect(within(platformRow!).queryByRole('button')).toBeNull();
    expect(within(ownRow!).getByRole('button', { name: /Bewerken\s*melding ‘Loket dicht’/ })).toBeTruthy();
    expect(screen.queryByText('Er zijn nog geen openbare meldingen.')).toBeNull();
    const select = document.getElementById('melding-municipalityId')!;
    expect(select.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(select.getAttribute('aria-describedby')!.split(' ')[0]!)!.textContent).toContain(
      'bezoekers die niet zijn ingelogd zien de meldingen van alle gemeenten',
    );
  });
});
