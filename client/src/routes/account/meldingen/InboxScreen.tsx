import type { ApolloCache } from '@apollo/client';
import { useMutation } from '@apollo/client/react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '@/components/dates/formatDate';
import { useMutationForm } from '@/components/forms/useMutationForm';
import { Page } from '@/components/layout/Page';
import { ConnectionItems, useConnection } from '@/components/lists';
import '@/components/messages/messages.css';
import { graphql } from '@/graphql/generated';
import { useShowNotice } from '@/lib/notice';
import type { MyMessagesQuery } from '@/graphql/generated/graphql';
import { urls } from '@/lib/urls';

const MyMessagesDocument = graphql(`
  query MyMessages($filter: MessageFilter, $first: Int, $after: String) {
    myUnreadMessageCount
    myMessages(filter: $filter, first: $first, after: $after) {
      totalCount
      pageInfo {
        ...PageInfoFields @unmask
      }
      edges {
        cursor
        node {
          id
          title
          body
          orderId
          read
          readAt
          createdAt
        }
      }
    }
  }
`);

const MarkMessageReadDocument = graphql(`
  mutation MarkMessageRead($id: ID!) {
    markMessageRead(id: $id) {
      unreadCount
      errors {
        ...UserErrorFields @unmask
      }
      message {
        id
        read
        readAt
      }
    }
  }
`);

const MarkAllMessagesReadDocument = graphql(`
  mutation MarkAllMessagesRead {
    markAllMessagesRead {
      markedCount
      unreadCount
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

type Message = MyMessagesQuery['myMessages']['edges'][number]['node'];

const PAGE_SIZE = 20;

/** Plain-text body: paragraphs separated by a blank line. */
function paragraphs(body: string): string[] {
  return body
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean);
}

function InboxItem({ message, onOpen }: { message: Message; onOpen: (message: Message) => void }) {
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  return (
    <div className={`gw-inbox__item ${message.read ? 'gw-inbox__item--read' : 'gw-inbox__item--unread'}`}>
      <h2 className="gw-inbox__title">
        <button
          type="button"
          className="gw-inbox__toggle"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => {
            const next = !open;
            setOpen(next);
            if (next && !message.read) onOpen(message);
          }}
        >
          {message.read ? null : (
            <>
              <span className="gw-tag gw-inbox__new">Nieuw</span>{' '}
            </>
          )}
          {message.title}
        </button>
      </h2>
      <p className="gw-inbox__date">
        <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
      </p>
      <div id={bodyId} className="gw-inbox__body" hidden={!open}>
        {paragraphs(message.body).map((p, i) => (
          <p key={i}>{p}</p>
        ))}
        {message.orderId ? (
          <p>
            <Link to={urls.account.order(message.orderId)}>Bekijk de bestelling</Link>
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** /account/meldingen ("Berichten"): the household's personal inbox, newest first; opening a message marks it read. */
export default function InboxScreen() {
  const list = useConnection(MyMessagesDocument, { variables: {}, field: 'myMessages', pageSize: PAGE_SIZE });
  const unreadCount = list.data?.myUnreadMessageCount ?? 0;
  const showNotice = useShowNotice();
  const setUnread = (cache: ApolloCache, unread: number | undefined) => {
    if (typeof unread === 'number') cache.modify({ id: 'ROOT_QUERY', fields: { myUnreadMessageCount: () => unread } });
  };
  const [markRead] = useMutation(MarkMessageReadDocument, {
    update: (cache, { data }) => setUnread(cache, data?.markMessageRead.unreadCount),
  });
  const [markAll] = useMutation(MarkAllMessagesReadDocument, {
    update(cache, { data }) {
      const payload = data?.markAllMessagesRead;
      if (!payload || payload.errors.length) return;
      const now = new Date().toISOString();
      for (const message of list.nodes) {
        cache.modify({
          id: cache.identify(message),
          fields: { read: () => true, readAt: (existing: string | null) => existing ?? now },
        });
      }
      setUnread(cache, payload.unreadCount);
    },
  });
  const markingAll = useMutationForm({
    id: 'alles-gelezen',
    fields: [],
    mutate: async () => (await markAll()).data?.markAllMessagesRead,
    // The button goes away with nothing left unread: the focus moves to the outcome instead of getting lost.
    onSuccess: () => showNotice('Alle berichten zijn als gelezen gemarkeerd.', { focus: true }),
  });

  async function open(message: Message) {
    try {
      await markRead({ variables: { id: message.id } });
    } catch {
      // Reading works without it; the message stays marked as new until the next successful attempt.
    }
  }

  return (
    <Page title="Berichten" lead="Berichten over uw bestellingen en van de gemeente. Open een bericht om het te lezen.">
      {list.data ? (
        <p>
          {unreadCount === 0
            ? 'U heeft geen ongelezen berichten.'
            : unreadCount === 1
              ? 'U heeft 1 ongelezen bericht.'
              : `U heeft ${unreadCount} ongelezen berichten.`}
        </p>
      ) : null}
      {markingAll.summary}
      {unreadCount > 0 ? (
        <p>
          <button
            type="button"
            className="gw-button gw-button--secondary"
            onClick={() => void markingAll.submit()}
            disabled={markingAll.busy}
          >
            Alles als gelezen markeren
          </button>
        </p>
      ) : null}
      <ConnectionItems
        list={list}
        label="Berichten, de nieuwste eerst"
        className="gw-inbox"
        item={(message) => <InboxItem message={message} onOpen={(m) => void open(m)} />}
        empty="U heeft nog geen berichten. Hier verschijnen berichten over uw bestellingen, bijvoorbeeld als een aanbieder uw bestelling accepteert."
        errorMessage="Uw berichten konden niet worden geladen."
        moreLabel="Meer berichten laden"
      />
    </Page>
  );
}
