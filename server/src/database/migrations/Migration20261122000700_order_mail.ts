import { Migration } from '@mikro-orm/migrations';

/**
 * Dutch default e-mails for order status changes, sent to the household by the order status listener
 * (modules/orders/order-mail.ts). The variables each may use are declared in modules/communication/templates.ts.
 */
const TEMPLATES: { key: string; name: string; subject: string; body: string }[] = [
  {
    key: 'ORDER_PLACED',
    name: 'Klant: bestelling geplaatst',
    subject: 'Uw bestelling {{orderNumber}} bij {{providerName}} is geplaatst',
    body: `Beste {{name}},

Bedankt voor uw bestelling bij {{providerName}}. Uw bestelnummer is {{orderNumber}}.

Totaalbedrag: {{totalAmount}}
Betaald uit uw tegoed: {{budgetAmount}}
Eigen bijdrage: {{contributionAmount}}

Uw afhaalcode is {{pickupCode}}. Noem deze code of laat uw pas zien als u de bestelling ophaalt.

De aanbieder bekijkt uw bestelling. U krijgt een e-mail zodra de aanbieder uw bestelling heeft geaccepteerd.
Zolang de aanbieder uw bestelling nog niet heeft geaccepteerd, kunt u haar zelf annuleren.

Uw bestelling bekijken:
{{orderLink}}

Met vriendelijke groet,
De Gemeentewinkel`,
  },
  {
    key: 'ORDER_ACCEPTED',
    name: 'Klant: bestelling geaccepteerd',
    subject: 'Uw bestelling {{orderNumber}} is geaccepteerd',
    body: `Beste {{name}},

{{providerName}} heeft uw bestelling {{orderNumber}} geaccepteerd.

Uw afhaalcode is {{pickupCode}}. Noem deze code of laat uw pas zien als u de bestelling ophaalt.
Wilt u de bestelling toch niet meer? Neem dan contact op met {{providerName}}.

Uw bestelling bekijken:
{{orderLink}}

Met vriendelijke groet,
De Gemeentewinkel`,
  },
  {
    key: 'ORDER_DELIVERED',
    name: 'Klant: bestelling geleverd',
    subject: 'Uw bestelling {{orderNumber}} is geleverd',
    body: `Beste {{name}},

{{providerName}} heeft uw bestelling {{orderNumber}} als geleverd gemeld.

Heeft u de bestelling niet ontvangen? Neem dan contact op met {{providerName}} of met de gemeente.

Uw bestelling bekijken:
{{orderLink}}

Met vriendelijke groet,
De Gemeentewinkel`,
  },
  {
    key: 'ORDER_REJECTED',
    name: 'Klant: bestelling afgewezen door de aanbieder',
    subject: 'Uw bestelling {{orderNumber}} is afgewezen',
    body: `Beste {{name}},

{{providerName}} kan uw bestelling {{orderNumber}} helaas niet leveren en heeft haar afgewezen.

De reden van de aanbieder:
{{reason}}

Wat u terugkrijgt:
- tegoed, weer beschikbaar op uw regeling: {{budgetAmount}}
- eigen bijdrage, terug op uw rekening: {{refundAmount}}

Heeft u een eigen bijdrage betaald? Dan staat die binnen enkele werkdagen weer op uw rekening.

Uw bestelling bekijken:
{{orderLink}}

Met vriendelijke groet,
De Gemeentewinkel`,
  },
  {
    key: 'ORDER_CANCELLED',
    name: 'Klant: bestelling geannuleerd',
    subject: 'Uw bestelling {{orderNumber}} is geannuleerd',
    body: `Beste {{name}},

Uw bestelling {{orderNumber}} bij {{providerName}} is geannuleerd.

Geannuleerd door: {{cancelledBy}}
Reden: {{reason}}

Wat u terugkrijgt:
- tegoed, weer beschikbaar op uw regeling: {{budgetAmount}}
- eigen bijdrage, terug op uw rekening: {{refundAmount}}

Heeft u een eigen bijdrage betaald? Dan staat die binnen enkele werkdagen weer op uw rekening.
Heeft u vragen over deze annulering? Neem dan contact op met de gemeente.

Uw bestelling bekijken:
{{orderLink}}

Met vriendelijke groet,
De Gemeentewinkel`,
  },
];

const sql = (value: string) => `'${value.replace(/'/g, "''")}'`;

export class Migration20261122000700_order_mail extends Migration {
  override up(): void {
    for (const t of TEMPLATES) {
      // A template a member of staff already made under this key is kept.
      this.addSql(
        `insert into communication_template (key, name, subject, body) values (${sql(t.key)}, ${sql(t.name)}, ${sql(t.subject)}, ${sql(t.body)})
         on conflict (key) do nothing;`,
      );
    }
  }

  override down(): void {
    this.addSql(`delete from communication_template where key in (${TEMPLATES.map((t) => sql(t.key)).join(', ')});`);
  }
}
