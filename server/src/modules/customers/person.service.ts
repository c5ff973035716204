import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { UserError } from '../../kernel/errors.js';
import { Audience } from '../../kernel/permissions.js';
import { isUuid } from '../../graphql/ids.js';
import { decryptBsn, type BsnKeys } from '../../crypto/bsn.js';
import type { AuditService } from '../audit/index.js';
import { withEm, type RequestContext } from '../../kernel/request-context.js';
import { failIfAny, ok, problem, type Result } from '../../kernel/result.js';
import { Card } from './card.entity.js';
import { ClientGroup } from './client-group.entity.js';
import { Person } from './person.entity.js';
import { inStaffScope, personViews } from './customer-views.js';
import type { PersonView, UpdateMyDetailsInput } from './customer.types.js';
import { contactDetails } from './customer.validation.js';
import { notifyWithoutEmail } from '../../rules/person.js';
import * as q from './person.queries.js';

export const ERASED_NAME = 'Geanonimiseerd';
export const ERASED_HOUSEHOLD_NAME = 'Geanonimiseerd huishouden';

/** The pseudonym an erased person keeps: derived from the row id, so it says nothing about the person. */
export function erasedIdentifier(personId: string): string {
  return `ANON-${personId.replace(/-/g, '').slice(0, 12).toUpperCase()}`;
}

/**
 * What else must go when a person is erased, in the erasure's transaction: another module's personal data about the
 * person (the mail log's addresses and texts, …). Registered in app/services.ts.
 */
export type PersonErasureHook = (
  em: EntityManager,
  person: { id: string; email: string | null },
  erasedAt: Date,
) => Promise<unknown>;

/**
 * Persons: details for staff (reads audit-logged through @personalData, the BSN masked; the full BSN only with
 * PERSON_READ_SENSITIVE, each reveal an audit action too), the household's orders, erasure (AVG), and a customer's
 * own contact details.
 */
export class PersonService {
  constructor(
    private readonly bsnKeys: BsnKeys,
    private readonly audit: AuditService,
    private readonly erasureHooks: readonly PersonErasureHook[] = [],
  ) {}

  private async byExternalIdentifier(ctx: RequestContext, externalIdentifier: string): Promise<Person | null> {
    const key = (externalIdentifier ?? '').trim();
    if (!key || key.length > 100) return null;
    const person = await ctx.em.findOne(Person, { externalIdentifier: key }, { populate: ['bsnEncrypted'] });
    return person && inStaffScope(ctx.viewer, person.municipality.id) ? person : null;
  }

  /**
   * A person's details for staff; null when unknown or out of scope. Reading them is audit-logged by the schema
   * (fields marked @personalData, graphql/personal-data.ts).
   */
  async detail(ctx: RequestContext, externalIdentifier: string): Promise<PersonView | null> {
    const person = await this.byExternalIdentifier(ctx, externalIdentifier);
    if (!person) return null;
    const [view] = await personViews(ctx.em, [person], { bsnKeys: this.bsnKeys, fullCardNumbers: true });
    return view!;
  }

  /**
   * The full BSN (PERSON_READ_SENSITIVE, enforced by the resolver); null when none or out of scope. The reveal is an
   * action of its own in the audit log (person.bsn_revealed), besides the read of the marked field.
   */
  async revealBsn(ctx: RequestContext, personId: string): Promise<string | null> {
    if (!isUuid(personId)) return null;
    const person = await ctx.em.findOne(Person, personId, { populate: ['bsnEncrypted'] });
    if (!person || !inStaffScope(ctx.viewer, person.municipality.id) || !person.bsnEncrypted) return null;
    const bsn = decryptBsn(person.bsnEncrypted, this.bsnKeys);
    await this.audit.recordRead(ctx, { action: 'person.bsn_revealed', subjectType: 'person', subjectId: person.id });
    return bsn;
  }

  /**
   * The household (client group id) of a person, for the list of its orders (orders' personOrders); null when the
   * person is unknown or out of scope.
   */
  async householdOf(ctx: RequestContext, externalIdentifier: string): Promise<string | null> {
    const person = await this.byExternalIdentifier(ctx, externalIdentifier);
    return person ? person.clientGroup.id : null;
  }

  /**
   * Erases a person's data (AVG right to erasure) after the staff member typed the person's client number:
   * names become "Geanonimiseerd", e-mail, phone, date of birth and BSN are cleared, the client number is replaced
   * by a pseudonym, cards are blocked, sessions end and the cart is emptied. Orders and the ledger are untouched:
   * they keep pointing at the same person and household ids, which no longer carry personal data.
   */
  async erase(ctx: RequestContext, personId: string, confirmation: string): Promise<Result<PersonView>> {
    const notFound = () => problem<never>('personId', 'NOT_FOUND', 'Deze persoon is niet gevonden.');
    if (!isUuid(personId)) return notFound();
    const now = ctx.clock.now();
    const result = await ctx.em.transactional(async (em): Promise<Result<Person>> => {
      const person = await em.findOne(Person, personId, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!person || !inStaffScope(ctx.viewer, person.municipality.id)) return notFound();
      if (person.erasedAt) return problem('personId', 'ALREADY_ERASED', 'De gegevens van deze persoon zijn al gewist.');
      const typed = (confirmation ?? '').trim();
      if (typed.toLowerCase() !== person.externalIdentifier.toLowerCase()) {
        return typed
          ? problem(
              'confirmation',
              'CONFIRMATION_MISMATCH',
              'Het klantnummer klopt niet. Typ precies het klantnummer van deze persoon.',
            )
          : problem('confirmation', 'REQUIRED', 'Typ het klantnummer van deze persoon om het wissen te bevestigen.');
      }
      // One explicit UPDATE (the BSN columns are lazy/hidden on the entity; a database CHECK holds the result to this).
      await em.nativeUpdate(
        Person,
        { id: person.id },
        {
          firstName: ERASED_NAME,
          lastName: '',
          dateOfBirth: null,
          email: null,
          phone: null,
          bsnEncrypted: null,
          bsnHash: null,
          notifyOrderStatus: false,
          externalIdentifier: erasedIdentifier(person.id),
          erasedAt: now,
        },
      );
      const cards = await em.find(Card, { person: person.id, status: 'ACTIVE' });
      for (const card of cards) {
        card.status = 'BLOCKED';
        card.blockedAt = now;
      }
      await em.flush();
      await q.deleteCartAndSessions(em, person.id);
      for (const hook of this.erasureHooks) await hook(em, { id: person.id, email: person.email ?? null }, now);
      // The household's name is usually the family name: once nobody in it has personal data left, it goes too.
      const remaining = await em.count(Person, { clientGroup: person.clientGroup.id, erasedAt: null });
      if (remaining === 0) {
        await em.nativeUpdate(ClientGroup, { id: person.clientGroup.id }, { name: ERASED_HOUSEHOLD_NAME });
      }
      await this.audit.record(withEm(ctx, em), {
        action: 'person.erased',
        subjectType: 'person',
        subjectId: person.id,
        details: { clientGroupId: person.clientGroup.id, cardsBlocked: cards.length, householdErased: remaining === 0 },
      });
      return ok(person);
    });
    if (!result.ok) return result;
    const fresh = await ctx.em.fork().findOneOrFail(Person, personId, { populate: ['bsnEncrypted'] });
    const [view] = await personViews(ctx.em.fork(), [fresh], { bsnKeys: this.bsnKeys, fullCardNumbers: true });
    return ok(view!);
  }

  /** The logged-in customer's own details. */
  async mine(ctx: RequestContext): Promise<PersonView | null> {
    if (ctx.viewer.kind !== Audience.CUSTOMER) return null;
    const person = await ctx.em.findOne(Person, ctx.viewer.personId, { populate: ['bsnEncrypted'] });
    if (!person) return null;
    const [view] = await personViews(ctx.em, [person], { bsnKeys: this.bsnKeys, fullCardNumbers: false });
    return view!;
  }

  /** A customer changes their e-mail address, phone number and notification preference. */
  async updateMine(ctx: RequestContext, input: UpdateMyDetailsInput): Promise<Result<PersonView>> {
    const viewer = ctx.viewer;
    if (viewer.kind !== Audience.CUSTOMER) return problem(null, 'NOT_FOUND', 'Uw gegevens zijn niet gevonden.');
    const errors: UserError[] = [];
    const { email, phone } = contactDetails(input, errors);
    const missing = errors.some((e) => e.field === 'email') ? null : notifyWithoutEmail(input.notifyOrderStatus, email);
    if (missing) errors.push(UserError.of(missing.field, missing.code, missing.message));
    const invalid = failIfAny<PersonView>(errors);
    if (invalid) return invalid;
    await ctx.em.transactional(async (em) => {
      const person = await em.findOneOrFail(Person, viewer.personId, { lockMode: LockMode.PESSIMISTIC_WRITE });
      const changed = [
        person.email !== email ? 'email' : null,
        (person.phone ?? null) !== phone ? 'phone' : null,
        person.notifyOrderStatus !== input.notifyOrderStatus ? 'notifyOrderStatus' : null,
      ].filter((x): x is string => !!x);
      person.email = email;
      person.phone = phone;
      person.notifyOrderStatus = input.notifyOrderStatus;
      await em.flush();
      if (changed.length) {
        await this.audit.record(withEm(ctx, em), {
          action: 'person.contact_updated',
          subjectType: 'person',
          subjectId: person.id,
          details: { fields: changed },
        });
      }
    });
    return ok((await this.mine(ctx))!);
  }
}
