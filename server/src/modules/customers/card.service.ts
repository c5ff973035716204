import { randomInt } from 'node:crypto';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { UserError } from '../../kernel/errors.js';
import { Audience } from '../../kernel/permissions.js';
import { isUuid } from '../../graphql/ids.js';
import type { AuditService } from '../audit/index.js';
import { withEm, type RequestContext } from '../../kernel/request-context.js';
import { fail, ok, type Result } from '../../kernel/result.js';
import { makeCardNumber } from './card-number.js';
import { Card } from './card.entity.js';
import { Person } from './person.entity.js';
import { cardView, inStaffScope, sortCards } from './customer-views.js';
import type { CardChange, CardView } from './customer.types.js';
import * as q from './card.queries.js';

export type CardResult = Result<CardChange>;

const NOT_FOUND = (field: string) => UserError.of(field, 'NOT_FOUND', 'Deze pas is niet gevonden.');

function isUniqueViolation(error: unknown, name: string): boolean {
  const e = error as { code?: string; constraint?: string; message?: string; detail?: string };
  return e?.code === '23505' && `${e.constraint ?? ''} ${e.message ?? ''} ${e.detail ?? ''}`.includes(name);
}

/**
 * Cards (passen): staff issue, block and replace them; a customer can block a lost card of their own household.
 * A person has at most one ACTIVE card (a partial unique index in the database). Numbers are 9 random digits plus
 * a Luhn check digit. Every change is audit-logged.
 */
export class CardService {
  constructor(private readonly audit: AuditService) {}

  /** Inserts a new ACTIVE card for a person, with a fresh unique number. Call inside the caller's transaction. */
  async insertNew(em: EntityManager, personId: string, issuedAt: Date): Promise<Card> {
    for (let attempt = 0; attempt < 8; attempt++) {
      const number = makeCardNumber(String(randomInt(100_000_000, 1_000_000_000)));
      if (await q.cardNumberTaken(em, number)) continue;
      const card = em.create(Card, { person: personId, number, status: 'ACTIVE', issuedAt });
      await em.flush();
      return card;
    }
    throw new Error('could not find a free card number');
  }

  /** The person, when the staff member may act on them. */
  private async personInScope(em: EntityManager, ctx: RequestContext, personId: string): Promise<Person | null> {
    if (!isUuid(personId)) return null;
    const person = await em.findOne(Person, personId);
    return person && inStaffScope(ctx.viewer, person.municipality.id) ? person : null;
  }

  /** Issues a card to a person without an active card (the first card, or after a block). */
  async issue(ctx: RequestContext, personId: string): Promise<CardResult> {
    try {
      return await ctx.em.transactional(async (em) => {
        const person = await this.personInScope(em, ctx, personId);
        if (!person) return fail(UserError.of('personId', 'NOT_FOUND', 'Deze persoon is niet gevonden.'));
        if (person.erasedAt) {
          return fail(
            UserError.of(
              'personId',
              'ERASED',
              'De gegevens van deze persoon zijn gewist; er kan geen pas meer worden uitgegeven.',
            ),
          );
        }
        // Lock the person's cards so a concurrent issue or replace waits.
        await q.lockPerson(em, person.id);
        if (await em.count(Card, { person: person.id, status: 'ACTIVE' })) {
          return fail(
            UserError.of(
              'personId',
              'HAS_ACTIVE_CARD',
              'Deze persoon heeft al een actieve pas. Blokkeer of vervang die pas eerst.',
            ),
          );
        }
        const card = await this.insertNew(em, person.id, ctx.clock.now());
        await this.audit.record(withEm(ctx, em), {
          action: 'card.issued',
          subjectType: 'card',
          subjectId: card.id,
          details: { personId: person.id },
        });
        return ok({ card: cardView(card, person.fullName, { fullNumber: true }), replacedCard: null });
      });
    } catch (error) {
      if (isUniqueViolation(error, 'card_one_active_per_person')) {
        return fail(UserError.of('personId', 'HAS_ACTIVE_CARD', 'Deze persoon heeft al een actieve pas.'));
      }
      throw error;
    }
  }

  /** Blocks an active card (lost or stolen). */
  async block(ctx: RequestContext, cardId: string): Promise<CardResult> {
    return ctx.em.transactional(async (em) => {
      const card = isUuid(cardId) ? await em.findOne(Card, cardId, { lockMode: LockMode.PESSIMISTIC_WRITE }) : null;
      const person = card ? await this.personInScope(em, ctx, card.person.id) : null;
      if (!card || !person) return fail(NOT_FOUND('cardId'));
      if (card.status !== 'ACTIVE') {
        return fail(UserError.of('cardId', 'NOT_ACTIVE', 'Alleen een actieve pas kan worden geblokkeerd.'));
      }
      card.status = 'BLOCKED';
      card.blockedAt = ctx.clock.now();
      await em.flush();
      await this.audit.record(withEm(ctx, em), {
        action: 'card.blocked',
        subjectType: 'card',
        subjectId: card.id,
        details: { personId: person.id },
      });
      return ok({ card: cardView(card, person.fullName, { fullNumber: true }), replacedCard: null });
    });
  }

  /**
   * Replaces an active or blocked card: the old one becomes REPLACED and a new ACTIVE card is issued, in one
   * transaction. A blocked card can only be replaced while the person has no other active card.
   */
  async replace(ctx: RequestContext, cardId: string): Promise<CardResult> {
    try {
      return await ctx.em.transactional(async (em) => {
        const found = isUuid(cardId) ? await em.findOne(Card, cardId) : null;
        const person = found ? await this.personInScope(em, ctx, found.person.id) : null;
        if (!found || !person) return fail(NOT_FOUND('cardId'));
        if (person.erasedAt) {
          return fail(
            UserError.of(
              'cardId',
              'ERASED',
              'De gegevens van deze persoon zijn gewist; er kan geen pas meer worden uitgegeven.',
            ),
          );
        }
        // Lock the person (serialises issue/replace for them), then re-read the card under its own lock.
        await q.lockPerson(em, person.id);
        const card = await em.findOneOrFail(Card, found.id, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
        if (card.status === 'REPLACED') {
          return fail(UserError.of('cardId', 'ALREADY_REPLACED', 'Deze pas is al vervangen.'));
        }
        if (card.status === 'BLOCKED' && (await em.count(Card, { person: person.id, status: 'ACTIVE' }))) {
          return fail(UserError.of('cardId', 'HAS_ACTIVE_CARD', 'Deze persoon heeft al een andere actieve pas.'));
        }
        const previous = card.status;
        card.status = 'REPLACED';
        card.blockedAt ??= ctx.clock.now();
        await em.flush();
        const fresh = await this.insertNew(em, person.id, ctx.clock.now());
        await this.audit.record(withEm(ctx, em), {
          action: 'card.replaced',
          subjectType: 'card',
          subjectId: card.id,
          details: { personId: person.id, newCardId: fresh.id, previousStatus: previous },
        });
        return ok({
          card: cardView(fresh, person.fullName, { fullNumber: true }),
          replacedCard: cardView(card, person.fullName, { fullNumber: true }),
        });
      });
    } catch (error) {
      if (isUniqueViolation(error, 'card_one_active_per_person')) {
        return fail(UserError.of('cardId', 'HAS_ACTIVE_CARD', 'Deze persoon heeft al een actieve pas.'));
      }
      throw error;
    }
  }

  /** The cards of the logged-in customer's household (numbers masked), the active ones first. */
  async mine(ctx: RequestContext): Promise<CardView[]> {
    if (ctx.viewer.kind !== Audience.CUSTOMER) return [];
    const people = await ctx.em.find(
      Person,
      { clientGroup: ctx.viewer.clientGroupId },
      { orderBy: [{ dateOfBirth: 'asc' }, { id: 'asc' }] },
    );
    const cards = await ctx.em.find(Card, { person: { $in: people.map((p) => p.id) } });
    return people.flatMap((p) =>
      sortCards(cards.filter((c) => c.person.id === p.id)).map((c) => cardView(c, p.fullName, { fullNumber: false })),
    );
  }

  /**
   * A customer's own card with its full number ("Toon nummer" on /account/pas): only a card of the logged-in person
   * themselves; a card of another household member, of another household or an unknown id is null. The number is the
   * `@PersonalData(CARD_NUMBER)` field `Card.number`, so the read is noted as every personal-data read is.
   */
  async mineWithNumber(ctx: RequestContext, cardId: string): Promise<CardView | null> {
    const viewer = ctx.viewer;
    if (viewer.kind !== Audience.CUSTOMER || !isUuid(cardId)) return null;
    const card = await ctx.em.findOne(Card, { id: cardId, person: viewer.personId });
    if (!card) return null;
    const person = await ctx.em.findOneOrFail(Person, viewer.personId);
    return cardView(card, person.fullName, { fullNumber: true });
  }

  /** A customer blocks a lost card of their own household. */
  async blockMine(ctx: RequestContext, cardId: string): Promise<CardResult> {
    const viewer = ctx.viewer;
    if (viewer.kind !== Audience.CUSTOMER) return fail(NOT_FOUND('cardId'));
    return ctx.em.transactional(async (em) => {
      const card = isUuid(cardId) ? await em.findOne(Card, cardId, { lockMode: LockMode.PESSIMISTIC_WRITE }) : null;
      const person = card ? await em.findOne(Person, card.person.id) : null;
      // Someone else's card is "not found": its existence is none of this customer's business.
      if (!card || !person || person.clientGroup.id !== viewer.clientGroupId) return fail(NOT_FOUND('cardId'));
      if (card.status !== 'ACTIVE') {
        return fail(UserError.of('cardId', 'NOT_ACTIVE', 'Deze pas is al geblokkeerd of vervangen.'));
      }
      card.status = 'BLOCKED';
      card.blockedAt = ctx.clock.now();
      await em.flush();
      await this.audit.record(withEm(ctx, em), {
        action: 'card.blocked_by_customer',
        subjectType: 'card',
        subjectId: card.id,
        details: { personId: person.id },
      });
      return ok({ card: cardView(card, person.fullName, { fullNumber: false }), replacedCard: null });
    });
  }
}
