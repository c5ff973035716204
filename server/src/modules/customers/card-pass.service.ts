import { Audience } from '../../kernel/permissions.js';
import { today } from '../../kernel/clock.js';
import type { RequestContext } from '../../kernel/request-context.js';
import { offlineValidityHoursFor, type SettingsService } from '../settings/index.js';
import { Municipality } from '../municipalities/index.js';
import { Card } from './card.entity.js';
import type { CardTokenCheck, CardTokens } from './card-token.js';
import { cardView } from './customer-views.js';
import { CardPassView } from './customer.types.js';
import { Person } from './person.entity.js';
import * as q from './card.queries.js';

/**
 * The digital card (issue 30): the resident's active cards as passes with a fresh signed token each (their own card,
 * and a household member's with a budget of their own), and the check of such a token for the counter.
 */
export class CardPassService {
  constructor(
    private readonly tokens: CardTokens,
    private readonly settings: Pick<SettingsService, 'get'>,
  ) {}

  /** The logged-in resident's digital cards, own card first; a person without an active card has none. */
  async mine(ctx: RequestContext): Promise<CardPassView[]> {
    const viewer = ctx.viewer;
    if (viewer.kind !== Audience.CUSTOMER) return [];
    const withBudget = new Set(await q.personsWithOwnBudget(ctx.em, viewer.clientGroupId, today(ctx.clock)));
    const people = (
      await ctx.em.find(
        Person,
        { clientGroup: viewer.clientGroupId, erasedAt: null },
        { orderBy: [{ dateOfBirth: 'asc' }, { id: 'asc' }] },
      )
    ).filter((p) => p.id === viewer.personId || withBudget.has(p.id));
    people.sort((a, b) => Number(b.id === viewer.personId) - Number(a.id === viewer.personId));
    if (!people.length) return [];
    const [cards, municipalities, settings, general] = await Promise.all([
      ctx.em.find(Card, { person: { $in: people.map((p) => p.id) }, status: 'ACTIVE' }),
      ctx.em.find(Municipality, { id: { $in: [...new Set(people.map((p) => p.municipality.id))] } }),
      this.settings.get('card'),
      this.settings.get('general'),
    ]);
    const now = ctx.clock.now();
    return people.flatMap((person) => {
      const card = cards.find((c) => c.person.id === person.id);
      if (!card) return [];
      const municipalityId = person.municipality.id;
      const validityHours = offlineValidityHoursFor(settings, municipalityId);
      const expiresAt = new Date(Math.floor(now.getTime() / 1000) * 1000 + validityHours * 3600_000);
      return [
        Object.assign(new CardPassView(), {
          card: cardView(card, person.fullName, { fullNumber: false }),
          firstName: person.firstName,
          own: person.id === viewer.personId,
          municipalityName: municipalities.find((m) => m.id === municipalityId)?.name ?? '',
          color: settings.colorByMunicipality[municipalityId] ?? general.primaryColor ?? null,
          token: this.tokens.sign({ cardId: card.id, municipalityId, expiresAt }),
          expiresAt,
          validityHours,
        }),
      ];
    });
  }

  /** Checks a scanned token's signature and expiry (the card's state is the caller's look-up). */
  check(ctx: RequestContext, token: string): CardTokenCheck {
    return this.tokens.verify(token, ctx.clock.now());
  }
}
