import type { EntityManager } from '@mikro-orm/postgresql';
import { addDays, todayInAmsterdam } from '../kernel/dates.js';
import { Audience } from '../kernel/permissions.js';
import type { Clock } from '../kernel/clock.js';
import type { Viewer } from '../kernel/viewer.js';
import type { Services } from '../platform/composition.js';
import { Category } from '../modules/catalogue/category.entity.js';
import { ClientGroup } from '../modules/customers/client-group.entity.js';
import { Person } from '../modules/customers/person.entity.js';
import { encryptBsn, hashBsn, type BsnKeys } from '../crypto/bsn.js';
import { HOUSEHOLD_TYPES } from '../rules/application.js';
import { isValidBsn } from '../rules/person.js';
import { Municipality } from '../modules/municipalities/municipality.entity.js';
import { at } from './demo-activity.js';
import { demoBeheerder, demoContext } from './demo-context.js';

/** The name of the demo's arrangement open for online applications (Zuiderveen, this year). */
export const demoApplicationArrangementName = (year: number) => `Jeugdtegoed ${year}`;

/** The statuses the demo's applications end in, one household each (the last Zuiderveen households). */
export const DEMO_APPLICATION_STATUSES = [
  'DRAFT',
  'SUBMITTED',
  'IN_ASSESSMENT',
  'WAITING_FOR_RESIDENT',
  'APPROVED',
  'PARTLY_APPROVED',
  'DECLINED',
  'WITHDRAWN',
] as const;

/** The households of the applications story: ZV-100101 applies from scratch, ZV-100102 … one per status. */
export const DEMO_APPLICANT_HOUSEHOLDS = ['ZV-100101', ...DEMO_APPLICATION_STATUSES.map((_, i) => `ZV-${100_102 + i}`)];

/** The BSN of the first demo applicant (ZV-100101, a parent of two, no application yet): for the DigiD simulator. */
export const DEMO_APPLICANT_BSN = demoApplicantBsn(0);
/** The BSN of the demo applicant whose application waits for their answer (ZV-100105). */
export const DEMO_WAITING_APPLICANT_BSN = demoApplicantBsn(
  1 + DEMO_APPLICATION_STATUSES.indexOf('WAITING_FOR_RESIDENT'),
);

/** A valid BSN for the n-th applicant household's adult, in a range the demo plan does not use (starts with 99). */
function demoApplicantBsn(n: number): string {
  let found = -1;
  for (let candidate = 990_000_000; ; candidate++) {
    if (isValidBsn(String(candidate)) && ++found === n) return String(candidate);
  }
}

const APPLICANTS = [
  {
    first: 'Noor',
    last: 'Bakker',
    children: [
      ['Sem', 9],
      ['Lotte', 12],
    ],
  },
  { first: 'Fatima', last: 'El Idrissi', children: [['Yara', 7]] },
  {
    first: 'Daan',
    last: 'Visser',
    children: [
      ['Mees', 5],
      ['Julia', 11],
    ],
  },
  {
    first: 'Sanne',
    last: 'de Wit',
    children: [
      ['Finn', 14],
      ['Tess', 8],
      ['Luuk', 3],
    ],
  },
  {
    first: 'Mohamed',
    last: 'Yilmaz',
    children: [
      ['Amira', 10],
      ['Emir', 6],
    ],
  },
  { first: 'Eva', last: 'Smit', children: [['Bram', 13]] },
  {
    first: 'Kevin',
    last: 'Mulder',
    children: [
      ['Zoë', 4],
      ['Jesse', 16],
    ],
  },
  { first: 'Lisa', last: 'de Boer', children: [['Milan', 15]] },
  {
    first: 'Priya',
    last: 'Ramdin',
    children: [
      ['Ravi', 9],
      ['Asha', 2],
    ],
  },
] as const;

async function demoApplicantHouseholds(em: EntityManager, municipality: Municipality, today: string, keys: BsnKeys) {
  const made: { id: string; person_id: string; births: string[] }[] = [];
  for (const [i, a] of APPLICANTS.entries()) {
    const group = em.create(ClientGroup, {
      municipality: municipality.id,
      clientNumber: DEMO_APPLICANT_HOUSEHOLDS[i]!,
      name: `Huishouden ${a.last}`,
    });
    const bsn = demoApplicantBsn(i);
    const adult = Object.assign(new Person(), {
      clientGroup: group,
      municipality,
      externalIdentifier: `P-AV-${i + 1}`,
      firstName: a.first,
      lastName: a.last,
      dateOfBirth: `${Number(today.slice(0, 4)) - 38 - i}-04-1${i}`,
      email: `${a.first.toLowerCase()}.${a.last.toLowerCase().replaceAll(' ', '')}@voorbeeld.nl`,
      bsnEncrypted: encryptBsn(bsn, keys),
      bsnHash: hashBsn(bsn, keys),
    });
    em.persist(adult);
    const births: string[] = [];
    for (const [k, [name, age]] of a.children.entries()) {
      const born = `${Number(today.slice(0, 4)) - age - 1}-0${(k % 9) + 1}-1${k}`;
      births.push(born);
      em.persist(
        Object.assign(new Person(), {
          clientGroup: group,
          municipality,
          externalIdentifier: `P-AV-${i + 1}-${k + 1}`,
          firstName: name,
          lastName: a.last,
          dateOfBirth: born,
        }),
      );
    }
    await em.flush();
    made.push({ id: group.id, person_id: adult.id, births });
  }
  return made;
}

/** The questions of the demo form: residence, household type, income (120% of the social minimum), children. */
export const DEMO_APPLICATION_CRITERIA = [
  {
    key: 'woonplaats',
    type: 'YES_NO',
    question: 'Woont u in de gemeente Zuiderveen?',
    rule: { kind: 'MUST_BE_YES' },
    proof: 'NONE',
  },
  {
    key: 'huishouden',
    type: 'CHOICE',
    question: 'Hoe is uw huishouden samengesteld?',
    options: [...HOUSEHOLD_TYPES],
    rule: { kind: 'NONE' },
    proof: 'NONE',
  },
  {
    key: 'inkomen',
    type: 'NUMBER',
    question: 'Wat is het netto inkomen van uw huishouden per maand, in hele euro’s?',
    help: 'Tel loon, uitkering en toeslagen bij elkaar op. Kinderbijslag telt niet mee.',
    rule: { kind: 'INCOME_LIMIT', percent: 120, householdCriterion: 'huishouden' },
    proof: 'OPTIONAL',
    proofHint: 'Uw laatste loonstrook of uitkeringsspecificatie',
  },
  {
    key: 'kinderen',
    type: 'DATE',
    multiple: true,
    question: 'Wat zijn de geboortedata van de kinderen in uw huishouden?',
    help: 'U krijgt een bedrag voor elk kind jonger dan 18 jaar.',
    rule: { kind: 'YOUNGER_THAN', years: 18 },
    proof: 'NONE',
  },
];

/**
 * Online applications in the demo (issue 28), relative to the clock: Zuiderveen's "Jeugdtegoed" is open
 * for applications this year (€ 150,00 per child under 18), and eight households of their own each have an
 * application in another status — a draft, submitted, in assessment, waiting for the resident's answer to a question,
 * approved (granted through the assignment service), partly approved, declined and withdrawn. The eight households and
 * a ninth without an application (DEMO_APPLICANT_BSN: applies from scratch) are the story's own, so no other browser
 * test's budgets or inbox change. Everything after the households goes through ApplicationService.
 */
export async function seedDemoApplications(
  em: EntityManager,
  services: Pick<Services, 'arrangements' | 'applications'>,
  options: { now: Date; bsnKeys: BsnKeys },
): Promise<void> {
  const today = todayInAmsterdam(options.now);
  const year = Number(today.slice(0, 4));
  // This year (and at least two months ahead); the story's moments lie in the past, but never before the year began.
  const from = `${year}-01-01`;
  const until = addDays(today, 60) > `${year}-12-31` ? addDays(today, 60) : `${year}-12-31`;
  const staff = (await demoBeheerder(em))!;
  const zuiderveen = await em.findOneOrFail(Municipality, { slug: 'zuiderveen' });
  const categories = await em.find(Category, { slug: { $in: ['sport-en-bewegen', 'zwemmen', 'cultuur'] } });
  // Moments of the story, in the past, a few hours apart.
  // The story spans 20 days, squeezed into the days since New Year when the year is younger (demo-data.test.ts).
  const yearStart = new Date(`${year}-01-01T00:00:00+01:00`).getTime();
  const span = Math.min(20 * 24 * 3_600_000, options.now.getTime() - yearStart - 60_000);
  const ago = (hours: number) => new Date(options.now.getTime() - (hours / (20 * 24)) * span);
  const as = <T>(viewer: Viewer, moment: Date, work: (ctx: ReturnType<typeof demoContext>) => Promise<T>) =>
    at(moment, (clock: Clock) => work(demoContext(em, viewer, clock)));
  const must = <T>(what: string, r: { ok: true; value: T } | { ok: false; errors: { message: string }[] }): T => {
    if (!r.ok) throw new Error(`demo applications: ${what}: ${r.errors[0]!.message}`);
    return r.value;
  };

  const arrangement = await as(staff, ago(24 * 20), async (ctx) =>
    must(
      'arrangement',
      await services.arrangements.create(ctx, {
        name: demoApplicationArrangementName(year),
        description:
          'Een tegoed van € 150 per kind onder de 18 voor sport, zwemles en cultuur. Voor huishoudens met een ' +
          'inkomen tot 120% van het sociaal minimum. U vraagt het online aan.',
        municipalityId: zuiderveen.id,
        validFrom: from,
        validUntil: until,
        defaultAmountCents: 15_000,
        categoryIds: categories.map((c) => c.id),
        ownContributionAllowed: true,
        maxPerOrderCents: null,
      }),
    ),
  );
  await as(staff, ago(24 * 20 - 1), async (ctx) =>
    must(
      'form',
      await services.applications.saveForm(ctx, arrangement.id, {
        open: true,
        opensOn: from,
        closesOn: until,
        criteria: DEMO_APPLICATION_CRITERIA,
        amount: { kind: 'PER_RECORD', cents: 15_000, criterion: 'kinderen', youngerThan: 18 },
      }),
    ),
  );

  // Households of their own (no browser test's budget or inbox changes): one per status, and one more without any
  // application that can apply from scratch (DEMO_APPLICANT_BSN).
  const households = await demoApplicantHouseholds(em, zuiderveen, today, options.bsnKeys);
  for (const [i, status] of DEMO_APPLICATION_STATUSES.entries()) {
    const h = households[i + 1]!;
    const resident: Viewer = {
      kind: Audience.CUSTOMER,
      sessionId: 'demo-seed',
      personId: h.person_id,
      clientGroupId: h.id,
      municipalityId: zuiderveen.id,
    };
    const births = h.births?.length ? h.births : [`${year - 9}-05-14`];
    const start = 24 * (14 - i); // hours ago
    const answers = {
      woonplaats: 'ja',
      huishouden: i % 2 ? 'gehuwd-samenwonend' : 'alleenstaande-ouder',
      inkomen: String(1_350 + i * 40),
      kinderen: births,
    };
    const draft = await as(resident, ago(start), async (ctx) =>
      must(`draft ${status}`, await services.applications.saveDraft(ctx, arrangement.id, answers)),
    );
    if (status === 'DRAFT') continue;
    if (status === 'WITHDRAWN') {
      await as(resident, ago(start - 2), async (ctx) =>
        must('withdraw', await services.applications.withdraw(ctx, draft.id)),
      );
      continue;
    }
    await as(resident, ago(start - 1), async (ctx) =>
      must('submit', await services.applications.submit(ctx, draft.id)),
    );
    if (status === 'SUBMITTED') continue;
    const app = draft.id;
    const step = (hours: number, work: (ctx: ReturnType<typeof demoContext>) => Promise<unknown>) =>
      as(staff, ago(start - hours), work);
    await step(3, async (ctx) =>
      must(
        'assess',
        await services.applications.assessCriterion(ctx, {
          applicationId: app,
          criterionKey: 'woonplaats',
          met: true,
          note: 'Staat ingeschreven in de gemeente.',
        }),
      ),
    );
    if (status === 'IN_ASSESSMENT') continue;
    if (status === 'WAITING_FOR_RESIDENT') {
      await step(4, async (ctx) =>
        must(
          'ask',
          await services.applications.ask(
            ctx,
            app,
            'Wilt u uw laatste loonstrook of uitkeringsspecificatie toevoegen? Dan kunnen wij uw inkomen controleren.',
          ),
        ),
      );
      continue;
    }
    const decision =
      status === 'APPROVED'
        ? { decision: 'APPROVED' as never }
        : status === 'PARTLY_APPROVED'
          ? {
              decision: 'PARTLY_APPROVED' as never,
              amountCents: 15_000 * Math.max(1, births.length - 1) - (births.length > 1 ? 0 : 5_000),
              reason: 'Een van de kinderen woont niet meer bij u; voor dat kind kennen wij niets toe.',
            }
          : {
              decision: 'DECLINED' as never,
              reason: 'Uw inkomen ligt boven de grens van 120% van het sociaal minimum.',
            };
    await step(5, async (ctx) =>
      must(`decide ${status}`, await services.applications.decide(ctx, { applicationId: app, ...decision })),
    );
  }
}
