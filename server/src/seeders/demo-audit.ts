import type { EntityManager } from '@mikro-orm/postgresql';
import { Audience, BUILT_IN_ROLES } from '../kernel/permissions.js';
import type { Clock } from '../kernel/clock.js';
import type { RequestContext } from '../kernel/request-context.js';
import type { Viewer } from '../kernel/viewer.js';
import type { Services } from '../platform/composition.js';
import { DEMO_STAFF } from './demo-accounts.js';

/**
 * A believable audit history about Mandy de Boer (household ZV-100001), so /admin/beheer/auditlog and her own
 * overview on /account/gegevens are not empty: Klantcontact opens her person page and her household (the reads the
 * schema's @personalData marks record when a staff member does this in the browser: one row per person shown, with the
 * fields), replaces her card after a phone call, and a Beheerder shows her full BSN for a check. Reads go through the
 * AuditService as the GraphQL plugin writes them; the card replacement and the BSN through their own services.
 */
export function demoAuditSteps(
  em: EntityManager,
  services: Pick<Services, 'audit' | 'cards' | 'persons'>,
  ctxFor: (viewer: Viewer, clock: Clock) => RequestContext,
  beheerder: Viewer,
): { daysAgo: number; run: (clock: Clock) => Promise<void> }[] {
  const mandy = async () => {
    const [row] = await em.execute<{ id: string; client_group_id: string; card_id: string | null }[]>(
      `select p.id, p.client_group_id,
              (select c.id from card c where c.person_id = p.id and c.status = 'ACTIVE' order by c.number limit 1) as card_id
         from person p join client_group g on g.id = p.client_group_id
        where g.client_number = 'ZV-100001' and p.first_name = 'Mandy'`,
    );
    if (!row) throw new Error('demo audit: no Mandy de Boer in ZV-100001');
    return row;
  };
  const klantcontact = async (): Promise<Viewer> => {
    const email = DEMO_STAFF.find((s) => s.role === 'KLANTCONTACT')!.email;
    const [account] = await em.execute<{ id: string }[]>(`select id from admin_account where email = ?`, [email]);
    return {
      kind: Audience.STAFF,
      sessionId: 'demo-seed',
      adminAccountId: account!.id,
      permissions: new Set(BUILT_IN_ROLES.KLANTCONTACT.permissions),
      municipalityIds: null,
    };
  };
  /** Klantcontact opens Mandy's person page: her details and cards, and her household's members. */
  const personPage = async (clock: Clock) => {
    const person = await mandy();
    const ctx = ctxFor(await klantcontact(), clock);
    const members = await em.execute<{ id: string }[]>(`select id from person where client_group_id = ?`, [
      person.client_group_id,
    ]);
    await services.audit.recordPersonalDataReads(ctx, [
      {
        subjectType: 'Person',
        subjectId: person.id,
        personId: person.id,
        clientGroupId: null,
        fields: [
          'Person.bsnMasked',
          'Person.cards',
          'Person.dateOfBirth',
          'Person.email',
          'Person.fullName',
          'Person.phone',
        ],
        kinds: ['BIRTH_DATE', 'BSN', 'CARD_NUMBER', 'CONTACT', 'NAME'],
        objects: 1,
      },
      {
        subjectType: 'ClientGroup',
        subjectId: person.client_group_id,
        personId: null,
        clientGroupId: person.client_group_id,
        fields: ['ClientGroup.members', 'ClientGroup.name'],
        kinds: ['HOUSEHOLD', 'NAME'],
        objects: 1,
      },
      ...members
        .filter((m) => m.id !== person.id)
        .map((m) => ({
          subjectType: 'Person',
          subjectId: m.id,
          personId: m.id,
          clientGroupId: null,
          fields: ['Person.fullName'],
          kinds: ['NAME'],
          objects: 1,
        })),
    ]);
  };
  return [
    { daysAgo: 21.3, run: personPage },
    { daysAgo: 9.2, run: personPage },
    {
      daysAgo: 9.19,
      run: async (clock) => {
        // She called: her card was lost. Klantcontact replaces it (the old one is blocked).
        const person = await mandy();
        if (!person.card_id) return;
        const result = await services.cards.replace(ctxFor(await klantcontact(), clock), person.card_id);
        if (!result.ok) throw new Error(`demo audit: replacing Mandy's card failed: ${JSON.stringify(result)}`);
      },
    },
    {
      daysAgo: 2.4,
      run: async (clock) => {
        // A Beheerder checks her BSN against the municipality's records.
        const person = await mandy();
        await services.persons.revealBsn(ctxFor(beheerder, clock), person.id);
      },
    },
  ];
}
