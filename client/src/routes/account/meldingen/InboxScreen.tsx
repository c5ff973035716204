import { NetworkStatus } from '@apollo/client';
import { useMutation, useQuery } from '@apollo/client/react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../../components/dates/formatDate';
import { Page } from '../../../components/layout/Page';
import '../../../components/messages/messages.css';
import { Loading } from '../../../components/ui/Loading';
import { QueryError } from '../../../components/ui/QueryError';
import { graphql } from '../../../graphql/generated';
import type { MyMessagesQuery } from '../../../graphql/generated/graphql';
import { urls } from '../../../lib/urls';

const MyMessagesDocument = graphql(`
  query MyMessages($first: Int, $after: String) {
    myUnreadMessageCount
    myMessages(first: $first, after: $after) {
      totalCount
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
      pageInfo {
        hasNextPage
        endCursor
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

const TITLE = 'Meldingen';
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
    <li className={`gw-inbox__item ${message.read ? 'gw-inbox__item--read' : 'gw-inbox__item--unread'}`}>
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
    </li>
  );
}

/** /account/meldingen: the household's personal inbox, newest first; opening a message marks it read. */
export default function InboxScreen() {
  const { data, error, networkStatus, fetchMore, refetch } = useQuery(MyMessagesDocument, {
    variables: { first: PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [moreError, setMoreError] = useState(false);
  const noticeRef = useRef<HTMLDivElement>(null);

  // The "mark all" button goes away when nothing is unread: move focus to the outcome instead of losing it.
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  const [markRead] = useMutation(MarkMessageReadDocument, {
    update(cache, { data: result }) {
      const unread = result?.markMessageRead.unreadCount;
      if (typeof unread === 'number') cache.modify({ id: 'ROOT_QUERY', fields: { myUnreadMessageCount: () => unread } });
    },
  });
  const [markAll, { loading: markingAll }] = useMutation(MarkAllMessagesReadDocument, {
    update(cache, { data: result }) {
      const payload = result?.markAllMessagesRead;
      if (!payload || payload.errors.length) return;
      const now = new Date().toISOString();
      for (const edge of data?.myMessages.edges ?? []) {
        cache.modify({
          id: cache.identify({ __typename: 'Message', id: edge.node.id }),
          fields: { read: () => true, readAt: (existing: string | null) => existing ?? now },
        });
      }
      cache.modify({ id: 'ROOT_QUERY', fields: { myUnreadMessageCount: () => payload.unreadCount } });
    },
  });

  const connection = data?.myMessages;
  const unreadCount = data?.myUnreadMessageCount ?? 0;
  const loadingFirst = !connection && (networkStatus === NetworkStatus.loading || networkStatus === NetworkStatus.setVariables);
  const loadingMore = networkStatus === NetworkStatus.fetchMore;

  async function open(message: Message) {
    try {
      await markRead({ variables: { id: message.id } });
    } catch {
      // Reading works without it; the message stays marked as new until the next successful attempt.
    }
  }

  async function markEverything() {
    setNotice(null);
    try {
      const { data: result } = await markAll();
      if (!result || result.markAllMessagesRead.errors.length) throw new Error('refused');
      setNotice({ kind: 'success', text: 'Alle meldingen zijn als gelezen gemarkeerd.' });
    } catch {
      setNotice({ kind: 'error', text: 'Het markeren als gelezen is niet gelukt. Probeer het over een paar minuten opnieuw.' });
    }
  }

  async function loadMore() {
    if (!connection?.pageInfo.endCursor) return;
    setMoreError(false);
    try {
      await fetchMore({ variables: { after: connection.pageInfo.endCursor } });
    } catch {
      setMoreError(true);
    }
  }

  if (loadingFirst) {
    return (
      <Page title={TITLE}>
        <div aria-busy="true">
          <Loading />
        </div>
      </Page>
    );
  }
  if (error && !connection) {
    return (
      <Page title={TITLE}>
        <QueryError message="Uw meldingen konden niet worden geladen." onRetry={() => void refetch()} />
      </Page>
    );
  }

  const messages = connection?.edges.map((e) => e.node) ?? [];
  return (
    <Page title={TITLE} lead="Berichten over uw bestellingen en van de gemeente. Open een bericht om het te lezen.">
      <p>
        {unreadCount === 0
          ? 'U heeft geen ongelezen meldingen.'
          : unreadCount === 1
            ? 'U heeft 1 ongelezen melding.'
            : `U heeft ${unreadCount} ongelezen meldingen.`}
      </p>
      {unreadCount > 0 ? (
        <p>
          <button type="button" className="gw-button gw-button--secondary" onClick={() => void markEverything()} disabled={markingAll}>
            Alles als gelezen markeren
          </button>
        </p>
      ) : null}
      <div ref={noticeRef} tabIndex={-1} role={notice?.kind === 'error' ? 'alert' : 'status'}>
        {notice ? <p className={`gw-alert gw-alert--${notice.kind}`}>{notice.text}</p> : null}
      </div>

      {messages.length === 0 ? (
        <p>U heeft nog geen meldingen. Hier verschijnen berichten over uw bestellingen, bijvoorbeeld als een aanbieder uw bestelling accepteert.</p>
      ) : (
        <div aria-busy={loadingMore}>
          <ul className="gw-inbox" aria-label={`Meldingen, de nieuwste eerst: ${messages.length} van ${connection?.totalCount ?? messages.length}`}>
            {messages.map((message) => (
              <InboxItem key={message.id} message={message} onOpen={(m) => void open(m)} />
            ))}
          </ul>
          {loadingMore ? <Loading /> : null}
          {moreError ? <QueryError message="Meer meldingen laden is niet gelukt." /> : null}
          {connection?.pageInfo.hasNextPage ? (
            <p>
              <button type="button" className="gw-button gw-button--secondary" onClick={() => void loadMore()} disabled={loadingMore}>
                Meer meldingen laden
              </button>
            </p>
          ) : null}
        </div>
      )}
    </Page>
  );
}
