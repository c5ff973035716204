import { useQuery } from '@apollo/client/react';
import { graphql } from '../../graphql/generated';
import { useOnNavigation } from '../../lib/useOnNavigation';
import { useViewer } from '../../lib/viewer';
import './messages.css';

const UnreadMessageCountDocument = graphql(`
  query UnreadMessageCount {
    myUnreadMessageCount
  }
`);

/**
 * The number of unread messages in the customer's inbox, for beside the "Berichten" link: shown as a badge, read
 * out as "(3 ongelezen)". Nothing for other viewers or when everything is read. Asks again on every navigation,
 * so a message written by an order change shows up without a reload.
 */
export function UnreadMessagesCount() {
  const { viewer } = useViewer();
  const isCustomer = viewer?.kind === 'CUSTOMER';
  const { data, refetch } = useQuery(UnreadMessageCountDocument, { skip: !isCustomer, fetchPolicy: 'cache-first' });
  useOnNavigation(() => {
    if (isCustomer) void refetch().catch(() => undefined);
  });

  const count = isCustomer ? (data?.myUnreadMessageCount ?? 0) : 0;
  if (count <= 0) return null;
  return (
    <>
      {' '}
      <span className="gw-count">
        <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
        <span className="gw-visually-hidden">({count} ongelezen)</span>
      </span>
    </>
  );
}
