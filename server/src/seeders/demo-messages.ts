import type { EntityManager } from '@mikro-orm/postgresql';
import { todayInAmsterdam } from '../kernel/dates.js';
import { renderTemplate } from '../modules/communication/templates.js';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/** The demo's announcement for Noorderhaven's residents only (browser tests look for it). */
export const DEMO_MUNICIPAL_ANNOUNCEMENT = 'Het loket is vrijdagmiddag gesloten';

/**
 * The demo's announcements and messages to audiences (seeders/demo-data.ts calls this once, in its transaction):
 *
 * - an active announcement for every municipality (information) and a planned maintenance outage next week, and a
 *   warning of Noorderhaven's (its residents and visitors see it);
 * - a message to the holders of a Noorderhaven arrangement, six story-days ago: an inbox message per resident (about
 *   half of them opened) and the e-mails for those who want them, as the `messages.massSend` job writes them;
 * - a message to the providers approved in Zuiderveen, two story-days ago (e-mail only).
 *
 * Only Noorderhaven's residents get inbox messages: the browser tests' Zuiderveen households keep the inbox they
 * expect. `daysAgo` is the demo's story clock (within the arrangements' year); `now` the clock's now.
 */
export async function seedDemoMessages(tx: EntityManager, now: Date, daysAgo: (days: number) => Date): Promise<void> {
  const announcements = [
    {
      title: 'Nieuw in de Gemeentewinkel: sportkleding en zwemlessen',
      body: 'Vanaf deze maand kunt u met uw tegoed ook **sportkleding** en **zwemlessen** bestellen.\n\nBekijk het [aanbod](/aanbod) of lees op [Hoe werkt het](/hoe-werkt-het) wat u met uw tegoed kunt doen.',
      severity: 'INFO',
      startsAt: new Date(now.getTime() - 2 * DAY),
      endsAt: new Date(now.getTime() + 60 * DAY),
    },
    {
      title: 'Gepland onderhoud: de website is even niet bereikbaar',
      body: 'Op de aangegeven tijd voeren wij onderhoud uit. De website is dan ongeveer twee uur niet bereikbaar. Uw tegoed en bestellingen blijven gewoon bewaard.',
      severity: 'OUTAGE',
      startsAt: new Date(now.getTime() + 7 * DAY),
      endsAt: new Date(now.getTime() + 7 * DAY + 2 * HOUR),
    },
  ];
  for (const a of announcements) {
    await tx.execute(
      `insert into announcement (title, body, severity, starts_at, ends_at, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?)`,
      [a.title, a.body, a.severity, a.startsAt, a.endsAt, a.startsAt, a.startsAt],
    );
  }
  // One of Noorderhaven's (the banner names the municipality): its residents and visitors who are not logged in see it,
  // other municipalities' residents do not.
  await tx.execute(
    `insert into announcement (title, body, severity, starts_at, ends_at, municipality_id, created_at, updated_at)
     select ?, ?, 'WARNING', ?, ?, id, ?, ? from municipality where slug = 'noorderhaven'`,
    [
      DEMO_MUNICIPAL_ANNOUNCEMENT,
      'Het Klantcontactcentrum van de gemeente Noorderhaven is deze week op **vrijdagmiddag** gesloten. U kunt ons dan wel bellen of een bericht sturen via de website.',
      new Date(now.getTime() - DAY),
      new Date(now.getTime() + 30 * DAY),
      new Date(now.getTime() - DAY),
      new Date(now.getTime() - DAY),
    ],
  );

  const [sender] = await tx.execute<{ id: string }[]>(
    `select a.id from admin_account a join role r on r.id = a.role_id where r.key = 'BEHEERDER' limit 1`,
  );
  const [template] = await tx.execute<{ subject: string; body: string }[]>(
    `select subject, body from communication_template where key = 'MASS_MESSAGE'`,
  );
  if (!sender) return;

  // Noorderhaven: the holders of the arrangement with the most households.
  const [arrangement] = await tx.execute<{ id: string; name: string; municipality_id: string; municipality: string }[]>(
    `select r.id, r.name, r.municipality_id, m.name as municipality
       from arrangement r join municipality m on m.id = r.municipality_id
       join assignment s on s.arrangement_id = r.id and s.status = 'ACTIVE'
      where m.slug = 'noorderhaven'
      group by r.id, m.name order by count(distinct s.client_group_id) desc, r.name limit 1`,
  );
  if (arrangement) {
    const sentAt = daysAgo(6);
    const day = todayInAmsterdam(sentAt);
    const recipients = await tx.execute<
      { id: string; client_group_id: string; first_name: string; email: string | null; wants_mail: boolean }[]
    >(
      `select p.id, p.client_group_id, p.first_name, p.email, (p.email is not null and p.notify_order_status) as wants_mail
         from person p
        where p.erased_at is null and p.municipality_id = ?
          and exists (select 1 from assignment s where s.client_group_id = p.client_group_id and s.arrangement_id = ?
                        and s.status = 'ACTIVE' and s.valid_from <= ?::date and s.valid_until >= ?::date)
        order by p.id`,
      [arrangement.municipality_id, arrangement.id, day, day],
    );
    if (recipients.length) {
      const title = `Tegoed ${arrangement.name}: bestel vóór het einde van het jaar`;
      const body = `Uw tegoed voor de regeling ${arrangement.name} is geldig tot het einde van het jaar. Wat u dan nog niet heeft besteed, vervalt.\n\nBekijk uw tegoed en het aanbod in de Gemeentewinkel.`;
      await seedSent(tx, {
        municipalityId: arrangement.municipality_id,
        kind: 'ARRANGEMENT_HOLDERS',
        refId: arrangement.id,
        label: `Regeling ${arrangement.name} (${arrangement.municipality})`,
        title,
        body,
        senderId: sender.id,
        sentAt,
        recipients: recipients.map((r, i) => ({
          personId: r.id,
          clientGroupId: r.client_group_id,
          name: r.first_name,
          email: r.wants_mail ? r.email : null,
          // About half of them opened it, a few hours to two days later.
          readAt: i % 2 === 0 ? new Date(sentAt.getTime() + (3 + (i % 5) * 9) * HOUR) : null,
        })),
        template,
        link: '/account/meldingen',
        now,
      });
    }
  }

  // Zuiderveen: the approved providers, by e-mail.
  const providers = await tx.execute<{ name: string; email: string; municipality_id: string; municipality: string }[]>(
    `select v.name, v.email, m.id as municipality_id, m.name as municipality
       from provider v join provider_membership pm on pm.provider_id = v.id and pm.status = 'APPROVED'
       join municipality m on m.id = pm.municipality_id
      where m.slug = 'zuiderveen' order by v.id`,
  );
  if (providers.length) {
    await seedSent(tx, {
      municipalityId: providers[0]!.municipality_id,
      kind: 'MUNICIPALITY_PROVIDERS',
      refId: null,
      label: `Aanbieders die zijn goedgekeurd in de gemeente (${providers[0]!.municipality})`,
      title: 'Uitbetalingen voortaan elke twee weken',
      body: 'Vanaf volgende maand betalen wij de bestellingen die u als geleverd heeft gemeld elke twee weken uit, in plaats van één keer per maand.\n\nU hoeft hiervoor niets te doen.',
      senderId: sender.id,
      sentAt: daysAgo(2),
      recipients: providers.map((p) => ({
        personId: null,
        clientGroupId: null,
        name: p.name,
        email: p.email,
        readAt: null,
      })),
      template,
      link: '/aanbieder',
      now,
    });
  }
}

async function seedSent(
  tx: EntityManager,
  m: {
    municipalityId: string;
    kind: string;
    refId: string | null;
    label: string;
    title: string;
    body: string;
    senderId: string;
    sentAt: Date;
    recipients: {
      personId: string | null;
      clientGroupId: string | null;
      name: string;
      email: string | null;
      readAt: Date | null;
    }[];
    template: { subject: string; body: string } | undefined;
    link: string;
    now: Date;
  },
): Promise<void> {
  const day = todayInAmsterdam(m.sentAt);
  const finishedAt = new Date(Math.min(m.sentAt.getTime() + 40_000, m.now.getTime()));
  const mails = m.template ? m.recipients.filter((r) => r.email) : [];
  const [row] = await tx.execute<{ id: string }[]>(
    `insert into mass_message (municipality_id, audience_kind, audience_ref_id, audience_label, title, body, status,
                               recipient_count, sent_count, mail_count, send_day, as_of, idempotency_key, created_by,
                               created_at, finished_at)
     values (?, ?, ?, ?, ?, ?, 'SENT', ?, ?, ?, ?::date, ?::date, ?, ?, ?, ?) returning id`,
    [
      m.municipalityId,
      m.kind,
      m.refId,
      m.label,
      m.title,
      m.body,
      m.recipients.length,
      m.recipients.length,
      mails.length,
      day,
      day,
      `demo-${m.kind.toLowerCase()}-${day}`,
      m.senderId,
      m.sentAt,
      finishedAt,
    ],
  );
  for (const r of m.recipients) {
    if (!r.personId) continue;
    await tx.execute(
      `insert into message (audience, municipality_id, client_group_id, person_id, title, body, read_at, created_at, mass_message_id)
       values ('PERSONAL', ?, ?, ?, ?, ?, ?, ?, ?)`,
      [m.municipalityId, r.clientGroupId, r.personId, m.title, m.body, r.readAt, m.sentAt, row!.id],
    );
  }
  for (const r of mails) {
    const mail = renderTemplate('MASS_MESSAGE', m.template!, {
      name: r.name,
      subject: m.title,
      body: m.body,
      link: m.link,
    });
    await tx.execute(
      `insert into mail_message (to_address, template_key, subject, body, status, attempts, person_id, municipality_id, created_at, last_attempt_at, sent_at)
       values (?, 'MASS_MESSAGE', ?, ?, 'SENT', 1, ?, ?, ?, ?, ?)`,
      [r.email, mail.subject, mail.body, r.personId, m.municipalityId, m.sentAt, finishedAt, finishedAt],
    );
  }
}
