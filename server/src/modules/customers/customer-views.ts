import type { EntityManager } from '@mikro-orm/postgresql';
import type { Viewer } from '../../kernel/viewer.js';
import { Audience } from '../../kernel/permissions.js';
import { inScope } from '../../kernel/scope.js';
import { decryptBsn, maskBsn, type BsnKeys } from '../../crypto/bsn.js';
import { Municipality } from '../municipalities/index.js';
import { Card } from './card.entity.js';
import { ClientGroup } from './client-group.entity.js';
import { Person } from './person.entity.js';
import { CardStatusEnum, CardView, PersonView } from './customer.types.js';

/**
 * Persons, households and cards by id are for staff and API clients only (a resident reaches their own through
 * `viewer`): that audience, within the one municipality scope (kernel/scope.ts).
 */
export function inStaffScope(viewer: Viewer, municipalityId: string): boolean {
  if (viewer.kind !== Audience.STAFF && viewer.kind !== Audience.API_CLIENT) return false;
  return inScope(viewer, municipalityId);
}

/** "******1234": all but the last four digits hidden. */
export function maskCardNumber(number: string): string {
  return '*'.repeat(Math.max(0, number.length - 4)) + number.slice(-4);
}

export function cardView(card: Card, holderName: string, options: { fullNumber: boolean }): CardView {
  return Object.assign(new CardView(), {
    id: card.id,
    personId: card.person.id,
    holderName,
    number: options.fullNumber ? card.number : null,
    lastDigits: card.number.slice(-4),
    maskedNumber: maskCardNumber(card.number),
    status: card.status as CardStatusEnum,
    issuedAt: card.issuedAt,
    blockedAt: card.blockedAt ?? null,
  });
}

/** Cards newest first: an active card before the others, then by issue date. */
export function sortCards(cards: Card[]): Card[] {
  return [...cards].sort(
    (a, b) =>
      Number(b.status === 'ACTIVE') - Number(a.status === 'ACTIVE') ||
      b.issuedAt.getTime() - a.issuedAt.getTime() ||
      b.id.localeCompare(a.id),
  );
}

/**
 * Person views with their cards, household and municipality, in a fixed number of queries whatever the number of
 * persons (none for what the caller passes in `known`: a list that loaded the households, their municipalities and
 * the members' cards already). `persons` must have been loaded with `populate: ['bsnEncrypted']` for the masked BSN.
 */
export async function personViews(
  em: EntityManager,
  persons: Person[],
  options: {
    bsnKeys: BsnKeys;
    fullCardNumbers: boolean;
    known?: { groups: ClientGroup[]; municipalities: Municipality[]; cards: Card[] };
  },
): Promise<PersonView[]> {
  if (!persons.length) return [];
  const ids = persons.map((p) => p.id);
  const known = options.known;
  const missing = <T extends { id: string }>(have: T[] | undefined, want: string[]) => {
    const got = new Set((have ?? []).map((x) => x.id));
    return [...new Set(want)].filter((id) => !got.has(id));
  };
  const groupIds = missing(
    known?.groups,
    persons.map((p) => p.clientGroup.id),
  );
  const municipalityIds = missing(
    known?.municipalities,
    persons.map((p) => p.municipality.id),
  );
  const [cards, moreGroups, moreMunicipalities] = await Promise.all([
    known ? known.cards : em.find(Card, { person: { $in: ids } }),
    groupIds.length ? em.find(ClientGroup, { id: { $in: groupIds } }) : [],
    municipalityIds.length ? em.find(Municipality, { id: { $in: municipalityIds } }) : [],
  ]);
  const groups = [...(known?.groups ?? []), ...moreGroups];
  const municipalities = [...(known?.municipalities ?? []), ...moreMunicipalities];
  const groupById = new Map(groups.map((g) => [g.id, g]));
  const municipalityById = new Map(municipalities.map((m) => [m.id, m]));
  return persons.map((p) => {
    let bsnMasked: string | null = null;
    if (p.bsnEncrypted) {
      try {
        bsnMasked = maskBsn(decryptBsn(p.bsnEncrypted, options.bsnKeys));
      } catch {
        bsnMasked = '*********';
      }
    }
    const group = groupById.get(p.clientGroup.id)!;
    return Object.assign(new PersonView(), {
      id: p.id,
      externalIdentifier: p.externalIdentifier,
      clientGroupId: group.id,
      clientGroupNumber: group.clientNumber,
      clientGroupName: group.name,
      municipality: municipalityById.get(p.municipality.id)!,
      firstName: p.firstName,
      lastName: p.lastName,
      fullName: p.fullName,
      dateOfBirth: p.dateOfBirth ?? null,
      email: p.email ?? null,
      phone: p.phone ?? null,
      hasBsn: !!p.bsnEncrypted,
      bsnMasked,
      notifyOrderStatus: p.notifyOrderStatus,
      erasedAt: p.erasedAt ?? null,
      cards: sortCards(cards.filter((c) => c.person.id === p.id)).map((c) =>
        cardView(c, p.fullName, { fullNumber: options.fullCardNumbers }),
      ),
      createdAt: p.createdAt,
    });
  });
}
