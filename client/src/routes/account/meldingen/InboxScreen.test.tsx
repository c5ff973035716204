import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '@/test/renderApp';

afterEach(cleanup);

const ORDER_ID = '5b0e8c1a-3f2d-4c6e-9a7b-0123456789ab';

function message(id: string, title: string, read: boolean, extra: Record<string, unknown> = {}) {
  return {
    __typename: 'Message',
    id,
    title,
    body: 'Uw bestelling B100001 is geaccepteerd door Zwembad De Wetering.\n\nBij de bestelling in uw account vindt u de afhaalcode.',
    orderId: ORDER_ID,
    read,
    readAt: read ? '2026-03-04T10:00:00Z' : null,
    createdAt: '2026-03-04T09:30:00Z',
    ...extra,
  };
}

function inbox(nodes: ReturnType<typeof message>[], unread: number, hasNextPage = false) {
  return {
    myUnreadMessageCount: unread,
    myMessages: {
      __typename: 'MessageConnection',
      totalCount: nodes.length + (hasNextPage ? 1 : 0),
      edges: nodes.map((node) => ({ __typename: 'MessageEdge', cursor: `c-${node.id}`, node })),
      pageInfo: { __typename: 'PageInfo', hasNextPage, endCursor: nodes.length ? `c-${nodes.at(-1)!.id}` : null },
    },
  };
}

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const C = '33333333-3333-4333-8333-333333333333';

describe('/account/meldingen', () => {
  it('marks unread messages, marks one read when it is opened, and updates the count', async () => {
    const { operations } = renderApp(
      '/account/meldingen',
      { kind: 'CUSTOMER' },
      {
        MyMessages: () =>
          inbox(
            [
              message(A, 'Bestelling B100001 is geaccepteerd', false),
              message(B, 'Bestelling B100001 is geplaatst', true),
            ],
            1,
          ),
        UnreadMessageCount: () => ({ myUnreadMessageCount: 1 }),
        MarkMessageRead: ({ id }) => ({
          markMessageRead: {
            __typename: 'MessagePayload',
            unreadCount: 0,
            errors: [],
            message: { __typename: 'Message', id, read: true, readAt: '2026-03-05T10:00:00Z' },
          },
        }),
      },
    );
    const unread = await screen.findByRole('button', { name: 'Nieuw Bestelling B100001 is geaccepteerd' });
    expect(screen.getByRole('button', { name: 'Bestelling B100001 is geplaatst' }).getAttribute('aria-expanded')).toBe(
      'false',
    );
    expect(screen.getByText('U heeft 1 ongelezen bericht.')).toBeTruthy();
    expect(
      await within(screen.getByRole('navigation', { name: 'Mijn account' })).findByRole('link', {
        name: 'Berichten (1 ongelezen)',
      }),
    ).toBeTruthy();

    fireEvent.click(unread);
    expect(unread.getAttribute('aria-expanded')).toBe('true');
    const body = document.getElementById(unread.getAttribute('aria-controls')!)!;
    expect(body.hidden).toBe(false);
    expect(within(body).getAllByRole('paragraph' as never).length).toBeGreaterThan(0);
    expect(within(body).getByRole('link', { name: 'Bekijk de bestelling' }).getAttribute('href')).toBe(
      `/account/bestellingen/${ORDER_ID}`,
    );
    await waitFor(() => expect(operations.find((op) => op.name === 'MarkMessageRead')?.variables).toEqual({ id: A }));
    expect(await screen.findByText('U heeft geen ongelezen berichten.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Bestelling B100001 is geaccepteerd' })).toBeTruthy();
    const accountNav = screen.getByRole('navigation', { name: 'Mijn account' });
    await waitFor(() => expect(within(accountNav).getByRole('link', { name: 'Berichten' })).toBeTruthy());

    // Opening a read message again asks nothing of the server.
    fireEvent.click(screen.getByRole('button', { name: 'Bestelling B100001 is geplaatst' }));
    expect(operations.filter((op) => op.name === 'MarkMessageRead')).toHaveLength(1);
  });

  it('marks everything read at once and says so', async () => {
    renderApp(
      '/account/meldingen',
      { kind: 'CUSTOMER' },
      {
        MyMessages: () => inbox([message(A, 'Eerste', false), message(B, 'Tweede', false)], 2),
        UnreadMessageCount: () => ({ myUnreadMessageCount: 2 }),
        MarkAllMessagesRead: () => ({
          markAllMessagesRead: { __typename: 'MarkAllMessagesReadPayload', markedCount: 2, unreadCount: 0, errors: [] },
        }),
      },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Alles als gelezen markeren' }));
    const done = await screen.findByText('Alle berichten zijn als gelezen gemarkeerd.');
    await waitFor(() => expect(document.activeElement).toBe(done.closest('[role="status"]')));
    expect(screen.queryByText('Nieuw')).toBeNull();
    expect(screen.getByText('U heeft geen ongelezen berichten.')).toBeTruthy();
  });

  it('loads the next page of the inbox', async () => {
    const { operations } = renderApp(
      '/account/meldingen',
      { kind: 'CUSTOMER' },
      {
        MyMessages: (variables) =>
          variables.after ? inbox([message(C, 'Oudste', true)], 0) : inbox([message(A, 'Nieuwste', true)], 0, true),
      },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Meer berichten laden' }));
    expect(await screen.findByRole('button', { name: 'Oudste' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Nieuwste' })).toBeTruthy();
    expect(operations.filter((op) => op.name === 'MyMessages').at(-1)?.variables).toEqual({
      first: 20,
      after: `c-${A}`,
    });
  });

  it('has an empty state', async () => {
    renderApp('/account/meldingen', { kind: 'CUSTOMER' }, { MyMessages: () => inbox([], 0) });
    expect(await screen.findByText(/U heeft nog geen berichten/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Alles als gelezen markeren' })).toBeNull();
  });
});

describe('/account/wachtwoord-wijzigen', () => {
  it('explains that residents log in with DigiD and links to Mijn DigiD, without a password form', async () => {
    renderApp('/account/wachtwoord-wijzigen', { kind: 'CUSTOMER' });
    await screen.findByRole('heading', { level: 1, name: 'Wachtwoord wijzigen' });
    expect(screen.getByText(/U heeft bij de Gemeentewinkel geen apart wachtwoord/)).toBeTruthy();
    expect(screen.getByRole('link', { name: /Mijn DigiD/ }).getAttribute('href')).toBe('https://mijn.digid.nl/');
    expect(document.querySelector('input[type="password"]')).toBeNull();
    expect(screen.queryByRole('button', { name: /wijzig/i })).toBeNull();
  });

  it('is not offered in the account menu: residents log in with DigiD only', async () => {
    renderApp('/account/wachtwoord-wijzigen', { kind: 'CUSTOMER' });
    await screen.findByRole('heading', { level: 1, name: 'Wachtwoord wijzigen' });
    const nav = screen.getByRole('navigation', { name: 'Mijn account' });
    expect(within(nav).getByRole('link', { name: 'Gegevens' })).toBeTruthy();
    expect(within(nav).queryByRole('link', { name: /wachtwoord/i })).toBeNull();
  });
});
