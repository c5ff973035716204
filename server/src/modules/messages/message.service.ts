import type { EntityManager } from '@mikro-orm/postgresql';
import type { RequestContext } from '../../kernel/request-context.js';
import { UserError } from '../../kernel/errors.js';
import { Audience } from '../../kernel/permissions.js';
import { isUuid } from '../../graphql/ids.js';
import { emptyConnection, pageSize, toConnection, type ConnectionOf, type ListArgs } from '../../graphql/pagination.js';
import { keyCondition, keyOrderBy, keySelect, rowCursor, type KeyOrder } from '../../graphql/keyset.js';
import { MessageView, type MessageFilter } from './message.types.js';
import { applicationNow } from '../../kernel/clock.js';

let lastWritten = 0;
/** Now on the application clock, and always later than the previous message this process wrote. */
function writtenAt(): Date {
  lastWritten = Math.max(applicationNow().getTime(), lastWritten + 1);
  return new Date(lastWritten);
}

/** Newest first; the id breaks ties between messages written in the same instant. */
const INBOX_ORDER: KeyOrder = {
  name: 'inbox',
  direction: 'desc',
  keys: [
    { expr: 'm.created_at', cast: 'timestamptz' },
    { expr: 'm.id', cast: 'uuid' },
  ],
};

export type MessagePage = ConnectionOf<MessageView>;

interface MessageRow {
  id: string;
  title: string;
  body: string;
  order_id: string | null;
  read_at: Date | string | null;
  created_at: Date | string;
  [key: string]: unknown;
}

function view(row: MessageRow): MessageView {
  return Object.assign(new MessageView(), {
    id: row.id,
    title: row.title,
    body: row.body,
    orderId: row.order_id,
    read: row.read_at !== null,
    readAt: row.read_at === null ? null : new Date(row.read_at),
    createdAt: new Date(row.created_at),
  });
}

/** Whose inbox: the logged-in customer's household, and the messages addressed to them personally. */
function owner(ctx: RequestContext): { clientGroupId: string; personId: string } | null {
  const v = ctx.viewer;
  return v.kind === Audience.CUSTOMER ? { clientGroupId: v.clientGroupId, personId: v.personId } : null;
}

/** SQL condition for "visible in this customer's inbox", with its parameters. */
const VISIBLE = `m.audience = 'PERSONAL' and m.client_group_id = ? and (m.person_id is null or m.person_id = ?)`;

/**
 * The personal inbox (meldingen). Customers only ever see their own household's messages (and those addressed to
 * them personally): every read and write below is limited to the viewer's client group, whatever id is asked for.
 * Order status changes write a message in the same transaction as the change (orders/order-messages.ts).
 */
export class MessageService {
  /** A page of the customer's inbox, newest first. */
  async mine(ctx: RequestContext, filter: MessageFilter | null | undefined, page: ListArgs): Promise<MessagePage> {
    const who = owner(ctx);
    if (!who) return emptyConnection();
    const size = pageSize(page.first);
    const after = keyCondition(INBOX_ORDER, page.after);
    const readState =
      filter?.unread == null ? '' : filter.unread ? ' and m.read_at is null' : ' and m.read_at is not null';
    const rows = await ctx.em.execute<MessageRow[]>(
      `select m.id, m.title, m.body, m.order_id, m.read_at, m.created_at, ${keySelect(INBOX_ORDER)}
         from message m
        where ${VISIBLE}${readState}${after.sql ? ` and ${after.sql}` : ''}
        order by ${keyOrderBy(INBOX_ORDER)}
        limit ?`,
      [who.clientGroupId, who.personId, ...after.params, size + 1],
    );
    const [counts] = await ctx.em.execute<{ total: string }[]>(
      `select count(*) as total from message m where ${VISIBLE}${readState}`,
      [who.clientGroupId, who.personId],
    );
    return toConnection(rows, {
      first: size,
      totalCount: Number(counts?.total ?? 0),
      cursorOf: (row) => rowCursor(INBOX_ORDER, row),
      nodes: (page) => page.map(view),
    });
  }

  /** How many messages in the customer's inbox nobody in the household has opened yet. */
  async unreadCount(ctx: RequestContext, em: EntityManager = ctx.em): Promise<number> {
    const who = owner(ctx);
    if (!who) return 0;
    const [row] = await em.execute<{ unread: string }[]>(
      `select count(*) as unread from message m where ${VISIBLE} and m.read_at is null`,
      [who.clientGroupId, who.personId],
    );
    return Number(row?.unread ?? 0);
  }

  /** Marks one of the customer's own messages as read (again: keeps the first time). Another household's id: not found. */
  async markRead(
    ctx: RequestContext,
    id: string,
  ): Promise<{ message: MessageView | null; unreadCount: number; errors: UserError[] }> {
    const who = owner(ctx);
    const notFound = async () => ({
      message: null,
      unreadCount: await this.unreadCount(ctx),
      errors: [UserError.of('id', 'NOT_FOUND', 'Dit bericht is niet gevonden.')],
    });
    if (!who || !isUuid(id)) return notFound();
    const [row] = await ctx.em.execute<MessageRow[]>(
      `update message m set read_at = coalesce(m.read_at, ?::timestamptz)
        where m.id = ? and ${VISIBLE}
        returning m.id, m.title, m.body, m.order_id, m.read_at, m.created_at`,
      [ctx.clock.now(), id, who.clientGroupId, who.personId],
    );
    if (!row) return notFound();
    return { message: view(row), unreadCount: await this.unreadCount(ctx), errors: [] };
  }

  /** Marks every unread message in the customer's inbox as read. */
  async markAllRead(ctx: RequestContext): Promise<{ markedCount: number; unreadCount: number; errors: UserError[] }> {
    const who = owner(ctx);
    if (!who) return { markedCount: 0, unreadCount: 0, errors: [] };
    const rows = await ctx.em.execute<{ id: string }[]>(
      `update message m set read_at = ? where ${VISIBLE} and m.read_at is null returning m.id`,
      [ctx.clock.now(), who.clientGroupId, who.personId],
    );
    return { markedCount: rows.length, unreadCount: await this.unreadCount(ctx), errors: [] };
  }

  /**
   * Writes a personal message to a household (or one member of it), inside the caller's transaction.
   * Its time is a strictly increasing moment on the application clock: several messages in one transaction keep the
   * order they were written in.
   */
  async sendPersonal(
    em: EntityManager,
    message: {
      municipalityId: string;
      clientGroupId: string;
      personId?: string | null;
      orderId?: string | null;
      title: string;
      body: string;
    },
  ): Promise<string> {
    const [row] = await em.execute<{ id: string }[]>(
      `insert into message (audience, municipality_id, client_group_id, person_id, order_id, title, body, created_at)
       values ('PERSONAL', ?, ?, ?, ?, ?, ?, ?) returning id`,
      [
        message.municipalityId,
        message.clientGroupId,
        message.personId ?? null,
        message.orderId ?? null,
        message.title,
        message.body,
        writtenAt(),
      ],
    );
    return row!.id;
  }
}
