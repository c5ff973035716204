import type { EntityManager } from '@mikro-orm/postgresql';
import type { RequestContext } from '../../kernel/request-context.js';
import { UserError } from '../../kernel/errors.js';
import { Audience } from '../../kernel/permissions.js';
import { isUuid } from '../../graphql/ids.js';
import { emptyConnection, type ConnectionOf, type ListArgs } from '../../graphql/pagination.js';
import { keysetPage } from '../../graphql/keyset.js';
import { MessageView, type MessageFilter } from './message.types.js';
import { applicationClock, type Clock } from '../../kernel/clock.js';
import * as q from './message.queries.js';
import type { MessageRow } from './message.queries.js';

/** Per clock: the moment of the last message written on it. */
const lastWritten = new WeakMap<Clock, number>();
/**
 * Now on the application clock, and always later than the previous message written on that clock in this process
 * (two in the same millisecond keep their order in the inbox). Per clock: a process that runs on another clock (a
 * test server with its own, the demo's story at a moment of its past) does not carry one clock's moments into another.
 */
function writtenAt(): Date {
  const clock = applicationClock();
  const at = Math.max(clock.now().getTime(), (lastWritten.get(clock) ?? 0) + 1);
  lastWritten.set(clock, at);
  return new Date(at);
}

export type MessagePage = ConnectionOf<MessageView>;

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
    return keysetPage(
      q.INBOX_ORDER,
      page,
      (after, limit) => q.inboxPage(ctx.em, who, filter?.unread, after, limit),
      (rows) => rows.map(view),
    );
  }

  /** How many messages in the customer's inbox nobody in the household has opened yet. */
  async unreadCount(ctx: RequestContext, em: EntityManager = ctx.em): Promise<number> {
    const who = owner(ctx);
    if (!who) return 0;
    return q.countUnread(em, who);
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
    const row = await q.markRead(ctx.em, who, id, ctx.clock.now());
    if (!row) return notFound();
    return { message: view(row), unreadCount: await this.unreadCount(ctx), errors: [] };
  }

  /** Marks every unread message in the customer's inbox as read. */
  async markAllRead(ctx: RequestContext): Promise<{ markedCount: number; unreadCount: number; errors: UserError[] }> {
    const who = owner(ctx);
    if (!who) return { markedCount: 0, unreadCount: 0, errors: [] };
    const markedCount = await q.markAllRead(ctx.em, who, ctx.clock.now());
    return { markedCount, unreadCount: await this.unreadCount(ctx), errors: [] };
  }

  /**
   * Writes a personal message to a household (or one member of it), inside the caller's transaction.
   * Its time is a strictly increasing moment on the application clock: several messages in one transaction keep the
   * order they were written in.
   */
  async sendPersonal(em: EntityManager, message: PersonalMessage): Promise<string> {
    return (await this.sendPersonalMany(em, [message]))[0]!;
  }

  /** Several personal messages in one statement (a checkout's orders): their ids (in no promised order). */
  async sendPersonalMany(em: EntityManager, messages: readonly PersonalMessage[]): Promise<string[]> {
    if (!messages.length) return [];
    const createdAt = writtenAt();
    return q.insertPersonalMany(
      em,
      messages.map((m) => ({ ...m, personId: m.personId ?? null, orderId: m.orderId ?? null, createdAt })),
    );
  }
}

/** A personal message as its senders give it: to a household, or one member of it, about an order or not. */
export type PersonalMessage = Omit<q.PersonalMessageRow, 'personId' | 'orderId' | 'createdAt'> & {
  personId?: string | null;
  orderId?: string | null;
};
