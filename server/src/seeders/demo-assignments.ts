import type { EntityManager } from '@mikro-orm/postgresql';
import { ClientGroup } from '../modules/customers/client-group.entity.js';
import { Person } from '../modules/customers/person.entity.js';
import { Arrangement } from '../modules/arrangements/arrangement.entity.js';
import { Assignment } from '../modules/arrangements/assignment.entity.js';
import { LedgerService } from '../modules/ledger/ledger.service.js';

/**
 * Demo budgets: every household gets its municipality's household arrangements, and every child under 18 a
 * Kindpakket of its own (beneficiary = the child). Booked through the ledger like any grant.
 */
export async function seedDemoAssignments(
  em: EntityManager,
  today: Date,
  ledger = new LedgerService(),
): Promise<number> {
  const groups = await em.find(ClientGroup, {}, { orderBy: { clientNumber: 'asc' } });
  const arrangements = await em.find(Arrangement, {}, { orderBy: { name: 'asc' } });
  const people = await em.find(Person, {}, { orderBy: { externalIdentifier: 'asc' } });
  const eighteenYearsAgo = new Date(today);
  eighteenYearsAgo.setFullYear(eighteenYearsAgo.getFullYear() - 18);
  const adultBefore = eighteenYearsAgo.toISOString().slice(0, 10);
  let count = 0;
  for (const group of groups) {
    const members = people.filter((p) => p.clientGroup.id === group.id);
    const children = members.filter((p) => p.dateOfBirth && p.dateOfBirth > adultBefore);
    for (const arrangement of arrangements.filter((a) => a.municipality.id === group.municipality.id)) {
      const perChild = /kindpakket/i.test(arrangement.name);
      const beneficiaries: (Person | null)[] = perChild ? children : [null];
      for (const beneficiary of beneficiaries) {
        const a = em.create(Assignment, {
          clientGroup: group.id,
          arrangement: arrangement.id,
          beneficiary: beneficiary?.id ?? null,
          amountCents: arrangement.defaultAmountCents,
          validFrom: arrangement.validFrom,
          validUntil: arrangement.validUntil,
        });
        await em.flush();
        const municipalityId = group.municipality.id;
        await ledger.post(em, {
          kind: 'GRANT',
          municipalityId,
          // As AssignmentService.grant books it: no name of a person in the ledger (it reaches the journal export).
          description: `Toegekend: ${arrangement.name}`,
          actor: { kind: 'SYSTEM' },
          assignmentId: a.id,
          entries: [
            {
              accountId: await ledger.fundingAccount(em, municipalityId, arrangement.id),
              amountCents: -arrangement.defaultAmountCents,
            },
            {
              accountId: await ledger.assignmentAccount(em, municipalityId, a.id),
              amountCents: arrangement.defaultAmountCents,
            },
          ],
        });
        count++;
      }
    }
  }
  return count;
}
