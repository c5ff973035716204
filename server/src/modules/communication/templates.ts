import { Liquid, LiquidError, type Template } from 'liquidjs';
import { LRUCache } from 'lru-cache';

/**
 * Every template key the application sends, with the variables it may use ({{ name }} in subject or body) and their
 * Dutch description (shown on the edit screen). The defaults themselves are rows inserted by migrations; staff may
 * edit them (TEMPLATE_EDIT), but a template can only use the variables listed here: saving refuses anything else, and
 * the mail service refuses to render it. A new key: one entry here and one migration that inserts its row.
 */
export const TEMPLATE_VARIABLES = {
  PROVIDER_EMAIL_CONFIRM: {
    name: 'naam van de gebruiker',
    providerName: 'naam van de organisatie',
    link: 'bevestigingslink',
    expiresHours: 'geldigheid van de link in uren',
  },
  PROVIDER_REGISTRATION_EXISTING: {
    name: 'naam van de gebruiker',
    loginLink: 'link naar de inlogpagina voor aanbieders',
    resetLink: 'link om een nieuw wachtwoord aan te vragen',
  },
  PROVIDER_USER_INVITE: {
    name: 'naam van de nieuwe gebruiker',
    inviterName: 'naam van wie uitnodigt',
    providerName: 'naam van de organisatie',
    link: 'link om een wachtwoord te kiezen',
    expiresHours: 'geldigheid van de link in uren',
  },
  PASSWORD_RESET: {
    name: 'naam van de gebruiker',
    link: 'link om een nieuw wachtwoord te kiezen',
    expiresHours: 'geldigheid van de link in uren',
  },
  STAFF_PASSWORD_RESET: {
    name: 'naam van de medewerker',
    link: 'link om een nieuw wachtwoord te kiezen',
    expiresHours: 'geldigheid van de link in uren',
  },
  STAFF_INVITE: {
    name: 'naam van de nieuwe medewerker',
    inviterName: 'naam van wie uitnodigt',
    roleName: 'naam van de rol',
    link: 'link om een wachtwoord te kiezen',
    expiresHours: 'geldigheid van de link in uren',
  },
  STAFF_EMAIL_CHANGE: {
    name: 'naam van de medewerker',
    link: 'link om het nieuwe e-mailadres te bevestigen',
    expiresHours: 'geldigheid van de link in uren',
  },
  PROVIDER_INVITE_EXISTING: {
    name: 'naam van de gebruiker met het bestaande account',
    providerName: 'naam van de organisatie die probeerde uit te nodigen',
    loginLink: 'link naar de inlogpagina voor aanbieders',
    resetLink: 'link om een nieuw wachtwoord aan te vragen',
  },
  MEMBERSHIP_APPROVED: {
    providerName: 'naam van de organisatie',
    municipalityName: 'naam van de gemeente',
    profileLink: 'link naar het profiel van de aanbieder',
  },
  MEMBERSHIP_REJECTED: {
    providerName: 'naam van de organisatie',
    municipalityName: 'naam van de gemeente',
    reason: 'reden van de afwijzing',
    profileLink: 'link naar het profiel van de aanbieder',
  },
  PRODUCT_APPROVED: {
    providerName: 'naam van de organisatie',
    productTitle: 'titel van het product',
    municipalityName: 'naam van de gemeente die het product heeft goedgekeurd',
    productLink: 'link naar het product in de aanbiedersomgeving',
  },
  PRODUCT_REJECTED: {
    providerName: 'naam van de organisatie',
    productTitle: 'titel van het product',
    municipalityName: 'naam van de gemeente die het product heeft afgekeurd',
    reason: 'reden van de afkeuring',
    productLink: 'link naar het product in de aanbiedersomgeving',
  },
  // Order status e-mails to the household (modules/orders/order-mail.ts); amounts are formatted, e.g. "€ 12,50".
  ORDER_PLACED: {
    name: 'voornaam van de klant',
    orderNumber: 'bestelnummer',
    providerName: 'naam van de aanbieder',
    totalAmount: 'totaalbedrag van de bestelling',
    budgetAmount: 'deel betaald uit het tegoed',
    contributionAmount: 'eigen bijdrage',
    pickupCode: 'afhaalcode',
    orderLink: 'link naar de bestelling',
  },
  ORDER_ACCEPTED: {
    name: 'voornaam van de klant',
    orderNumber: 'bestelnummer',
    providerName: 'naam van de aanbieder',
    pickupCode: 'afhaalcode',
    orderLink: 'link naar de bestelling',
  },
  ORDER_DELIVERED: {
    name: 'voornaam van de klant',
    orderNumber: 'bestelnummer',
    providerName: 'naam van de aanbieder',
    orderLink: 'link naar de bestelling',
  },
  ORDER_REJECTED: {
    name: 'voornaam van de klant',
    orderNumber: 'bestelnummer',
    providerName: 'naam van de aanbieder',
    reason: 'reden van de afwijzing',
    budgetAmount: 'tegoed dat terug is gezet',
    refundAmount: 'eigen bijdrage die wordt terugbetaald',
    orderLink: 'link naar de bestelling',
  },
  ORDER_CANCELLED: {
    name: 'voornaam van de klant',
    orderNumber: 'bestelnummer',
    providerName: 'naam van de aanbieder',
    cancelledBy: 'wie annuleerde (uzelf, de gemeente, de Gemeentewinkel)',
    reason: 'reden van de annulering',
    budgetAmount: 'tegoed dat terug is gezet',
    refundAmount: 'eigen bijdrage die wordt terugbetaald',
    orderLink: 'link naar de bestelling',
  },
  // Inbox messages (berichten) about an order to the household (modules/orders/order-messages.ts). Their subject
  // is the message's title. Keys starting with INBOX_ are inbox texts, not e-mails.
  INBOX_ORDER_AWAITING_PAYMENT: {
    orderNumber: 'bestelnummer',
    providerName: 'naam van de aanbieder',
    contributionAmount: 'eigen bijdrage die nog betaald moet worden',
  },
  INBOX_ORDER_PAYMENT_RECEIVED: {
    orderNumber: 'bestelnummer',
    providerName: 'naam van de aanbieder',
    contributionAmount: 'eigen bijdrage die is ontvangen',
  },
  INBOX_ORDER_PLACED: {
    orderNumber: 'bestelnummer',
    providerName: 'naam van de aanbieder',
    budgetUsed: 'waar als er tegoed is gebruikt (voor {% if budgetUsed %})',
    budgetAmount: 'gebruikt tegoed',
  },
  INBOX_ORDER_ACCEPTED: {
    orderNumber: 'bestelnummer',
    providerName: 'naam van de aanbieder',
  },
  INBOX_ORDER_DELIVERED: {
    orderNumber: 'bestelnummer',
    providerName: 'naam van de aanbieder',
  },
  INBOX_ORDER_CANCELLED: {
    orderNumber: 'bestelnummer',
    providerName: 'naam van de aanbieder',
    by: 'wie annuleerde: "klant", "aanbieder" (afgewezen), "gemeente", "niet-betaald" of "systeem"',
    reason: 'reden van de annulering; leeg als de klant zelf annuleerde',
    budgetReturned: 'waar als er tegoed terug is gezet',
    budgetAmount: 'tegoed dat terug is gezet',
    contributionRefunded: 'waar als de eigen bijdrage wordt terugbetaald',
    contributionAmount: 'eigen bijdrage die wordt terugbetaald',
  },
  INBOX_ORDER_CHANGED: {
    orderNumber: 'bestelnummer',
    providerName: 'naam van de aanbieder',
  },
  // The reminder before an assignment's budget expires (modules/arrangements/expiry-reminders.ts): an inbox message
  // to the household and, per the resident's preference, an e-mail.
  INBOX_BUDGET_EXPIRING: {
    arrangementName: 'naam van de regeling',
    beneficiaryName: 'voor wie het tegoed is; leeg als het voor het hele huishouden is',
    remainingAmount: 'tegoed dat nog over is',
    expiresOn: 'laatste dag waarop het tegoed geldig is',
  },
  BUDGET_EXPIRING: {
    name: 'voornaam van de inwoner',
    arrangementName: 'naam van de regeling',
    beneficiaryName: 'voor wie het tegoed is; leeg als het voor het hele huishouden is',
    remainingAmount: 'tegoed dat nog over is',
    expiresOn: 'laatste dag waarop het tegoed geldig is',
    shopLink: 'link naar de winkel',
  },
  // Each step of an online application (modules/applications): an inbox message and, per the resident's preference
  // (as for orders), this e-mail to the applicant.
  APPLICATION_UPDATE: {
    name: 'voornaam van de aanvrager',
    title: 'onderwerp: wat er met de aanvraag gebeurde',
    message: 'wat er gebeurde en wat de inwoner nu kan doen',
    applicationNumber: 'nummer van de aanvraag',
    link: 'link naar de aanvraag in het account',
  },
  // A webhook endpoint switched off after a run of failed deliveries (modules/webhooks), to the staff member the API
  // client answers to.
  WEBHOOK_ENDPOINT_DISABLED: {
    name: 'naam van de medewerker',
    clientName: 'naam van de API-koppeling',
    endpointUrl: 'adres van het webhook-endpoint',
    failures: 'aantal mislukte pogingen op rij',
    link: 'link naar de API-koppelingen',
  },
  // A message to an audience, composed at /admin/meldingen (modules/messages/mass-message.service.ts).
  MASS_MESSAGE: {
    name: 'naam van de ontvanger (voornaam van de inwoner, of naam van de aanbieder)',
    subject: 'onderwerp van het bericht',
    body: 'tekst van het bericht',
    link: 'link naar de berichten op de Gemeentewinkel',
  },
} as const satisfies Record<string, Record<string, string>>;

export type TemplateKey = keyof typeof TEMPLATE_VARIABLES;
export type TemplateValue = string | number | boolean;
export type TemplateVariables<K extends TemplateKey> = Record<keyof (typeof TEMPLATE_VARIABLES)[K], TemplateValue>;

/** Inbox texts (title and body of a message) are the keys starting with INBOX_; every other key is an e-mail. */
export function templateChannel(key: string): 'EMAIL' | 'INBOX' {
  return key.startsWith('INBOX_') ? 'INBOX' : 'EMAIL';
}

export const TEMPLATE_KEYS = Object.keys(TEMPLATE_VARIABLES) as TemplateKey[];

/**
 * Variables a text of the key must use: without them the mail is useless (a reset mail without its link). Saving a
 * text that leaves one out is refused.
 */
export const REQUIRED_VARIABLES: Partial<Record<TemplateKey, readonly string[]>> = {
  PROVIDER_EMAIL_CONFIRM: ['link'],
  PROVIDER_USER_INVITE: ['link'],
  PASSWORD_RESET: ['link'],
  STAFF_PASSWORD_RESET: ['link'],
  STAFF_INVITE: ['link'],
  STAFF_EMAIL_CHANGE: ['link'],
};

/** Sample values for the preview, by variable name; a name not listed here previews as its description. */
const SAMPLE_VALUES: Record<string, TemplateValue> = {
  name: 'Fatima',
  providerName: 'Fietsenmaker De Spaak',
  inviterName: 'Anouk de Vries',
  link: 'https://gemeentewinkel.example/bevestigen/voorbeeld',
  loginLink: 'https://gemeentewinkel.example/aanbieder/inloggen',
  resetLink: 'https://gemeentewinkel.example/wachtwoord-vergeten',
  profileLink: 'https://gemeentewinkel.example/aanbieder/profiel',
  productLink: 'https://gemeentewinkel.example/aanbieder/producten/voorbeeld',
  orderLink: 'https://gemeentewinkel.example/account/bestellingen/voorbeeld',
  expiresHours: 24,
  municipalityName: 'Gemeente Voorbeeld',
  productTitle: 'Kinderfiets 20 inch',
  reason: 'Dit product is op dit moment niet leverbaar.',
  orderNumber: 'GW-2026-00042',
  totalAmount: '€ 45,00',
  budgetAmount: '€ 40,00',
  contributionAmount: '€ 5,00',
  arrangementName: 'Sportregeling',
  remainingAmount: '€ 35,00',
  expiresOn: '31-12-2026',
  beneficiaryName: '',
  shopLink: 'https://gemeentewinkel.example/winkel',
  refundAmount: '€ 5,00',
  pickupCode: 'K7P-92Q',
  cancelledBy: 'de gemeente',
  by: 'gemeente',
  budgetUsed: true,
  budgetReturned: true,
  contributionRefunded: true,
};

export function isTemplateKey(key: string): key is TemplateKey {
  return Object.hasOwn(TEMPLATE_VARIABLES, key);
}

/** The variables a key may use, with their Dutch description, in the order they are listed. */
export function variablesOf(key: string): { name: string; description: string; required: boolean }[] {
  const allowed = (TEMPLATE_VARIABLES as Record<string, Record<string, string>>)[key] ?? {};
  const required = (REQUIRED_VARIABLES as Record<string, readonly string[] | undefined>)[key] ?? [];
  return Object.entries(allowed).map(([name, description]) => ({
    name,
    description,
    required: required.includes(name),
  }));
}

/** Sample data for the preview of a key: every variable it may use gets a value. */
export function sampleVariables(key: string): Record<string, TemplateValue> {
  return Object.fromEntries(variablesOf(key).map((v) => [v.name, SAMPLE_VALUES[v.name] ?? `[${v.description}]`]));
}

export class TemplateError extends Error {}

/** Tags that would reach outside the text (other files): not available in templates. */
const FORBIDDEN_TAGS = ['include', 'render', 'layout', 'block'];

/**
 * The one template engine (Liquid, which runs no code): strict variables and filters, only the variables' own
 * properties, no file system (no partials), and limits on parse size, render time and memory so a loop in a text
 * cannot hold a worker. `html` escapes every output, for texts that go into HTML.
 */
function createEngine(html: boolean): Liquid {
  const engine = new Liquid({
    templates: {},
    strictVariables: true,
    strictFilters: true,
    ownPropertyOnly: true,
    cache: false,
    outputEscape: html ? 'escape' : undefined,
    parseLimit: 50_000,
    renderLimit: 500,
    memoryLimit: 5_000_000,
  });
  for (const tag of FORBIDDEN_TAGS) delete (engine.tags as Record<string, unknown>)[tag];
  return engine;
}

const textEngine = createEngine(false);
const htmlEngine = createEngine(true);

export type TemplatePart = 'subject' | 'body';

/** What is wrong with a text, in Dutch, with the line where the engine knows it. */
export interface TemplateProblem {
  part: TemplatePart;
  line: number | null;
  message: string;
}

function lineOf(error: unknown): number | null {
  if (error instanceof LiquidError) {
    const position = error.token?.getPosition?.();
    if (position && typeof position[0] === 'number') return position[0];
  }
  const m = /line:(\d+)/.exec(error instanceof Error ? error.message : '');
  return m ? Number(m[1]) : null;
}

/**
 * A real example of the right syntax for this template: a variable it has (the first one the text already names when
 * the engine got that far, else the first the template knows), as a variable and in a condition.
 */
function syntaxExample(allowed: Record<string, string>, text: string): string {
  const names = Object.keys(allowed);
  const inText = names
    .map((name) => ({ name, index: text.search(new RegExp(`\\b${name}\\b`)) }))
    .filter((x) => x.index >= 0)
    .sort((a, b) => a.index - b.index)[0]?.name;
  const name = inText ?? names[0];
  if (!name) return 'Gebruik {{ }} om een variabele en {% %} om een opdracht te schrijven.';
  return `Gebruik {{ ${name} }} voor een variabele en {% if ${name} %} … {% endif %} voor een voorwaarde.`;
}

function syntaxMessage(error: unknown, example: string): string {
  const text = error instanceof Error ? error.message : '';
  const tag = /tag "?([A-Za-z_]+)"? not found/.exec(text);
  if (tag) return `de opdracht "${tag[1]}" bestaat niet of is niet toegestaan in een sjabloon. ${example}`;
  const filter = /undefined filter:? ?([A-Za-z_]+)/.exec(text);
  if (filter) return `het filter "${filter[1]}" bestaat niet.`;
  if (/not closed|unclosed|expected/i.test(text))
    return `hier staat een opdracht of variabele die niet goed is afgesloten. ${example}`;
  return `de opmaak klopt hier niet. Controleer de {{ }} en {% %} op deze regel. ${example}`;
}

/** "a", "a" en "b", "a", "b" en "c". */
function listOf(items: string[]): string {
  return items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} en ${items.at(-1)}`;
}

const PART_NAME: Record<TemplatePart, string> = { subject: 'het onderwerp', body: 'de tekst' };

function where(part: TemplatePart, line: number | null): string {
  return part === 'subject' || line === null ? `In ${PART_NAME[part]}` : `Op regel ${line} van de tekst`;
}

function parse(text: string, engine: Liquid = textEngine): Template[] {
  return engine.parse(text);
}

/**
 * Texts parsed for rendering, with the variables they use: a text is parsed once, not on every message (a checkout
 * renders one per order). Keyed by engine and text, so an edited template is a new entry; a parse that fails is not
 * kept. Liquid's parsed templates hold no render state: one may be rendered any number of times.
 */
const parsedTexts = new LRUCache<string, { parsed: Template[]; variables: string[] }>({ max: 500 });

function parsedForRender(text: string, engine: Liquid): { parsed: Template[]; variables: string[] } {
  const key = `${engine === htmlEngine ? 'html' : 'text'}\u0000${text}`;
  let entry = parsedTexts.get(key);
  if (!entry) {
    const parsed = parse(text, engine);
    entry = { parsed, variables: textEngine.globalVariablesSync(parsed) };
    parsedTexts.set(key, entry);
  }
  return entry;
}

/**
 * Checks one text of a template as it is saved: valid Liquid, only the key's variables, the required ones present,
 * and it renders with sample data under the same strict engine the mails use. Dutch problems naming the variable
 * and the line.
 */
export function checkTemplateText(key: string, part: TemplatePart, text: string): TemplateProblem[] {
  const allowed = (TEMPLATE_VARIABLES as Record<string, Record<string, string>>)[key];
  if (!allowed) return [{ part, line: null, message: 'Dit sjabloon is onbekend.' }];
  if (!text.trim())
    return [{ part, line: null, message: part === 'subject' ? 'Vul een onderwerp in.' : 'Vul een tekst in.' }];
  if (part === 'subject' && /[\r\n]/.test(text))
    return [{ part, line: null, message: 'Het onderwerp moet op één regel staan.' }];
  const example = syntaxExample(allowed, text);
  let template: Template[];
  try {
    template = parse(text);
  } catch (error) {
    const line = lineOf(error);
    return [{ part, line, message: `${where(part, line)}: ${syntaxMessage(error, example)}` }];
  }
  const problems: TemplateProblem[] = [];
  let used: string[];
  try {
    used = textEngine.globalVariablesSync(template);
  } catch (error) {
    const line = lineOf(error);
    return [{ part, line, message: `${where(part, line)}: ${syntaxMessage(error, example)}` }];
  }
  // Every unknown variable in one message (with its line in the body), so one save names them all.
  const unknown = used.filter((name) => !Object.hasOwn(allowed, name));
  if (unknown.length) {
    const lines = unknown.map((name) => lineOfName(text, name));
    const line = lines[0] ?? null;
    const canUse = `U kunt gebruiken: ${Object.keys(allowed).join(', ')}.`;
    const message =
      unknown.length === 1
        ? `${where(part, line)} staat de variabele "${unknown[0]}", maar die bestaat niet voor dit sjabloon. ${canUse}`
        : `${part === 'subject' ? 'In het onderwerp' : 'In de tekst'} staan de variabelen ${listOf(
            unknown.map((name, i) =>
              part === 'body' && lines[i] != null ? `"${name}" (regel ${lines[i]})` : `"${name}"`,
            ),
          )}, maar die bestaan niet voor dit sjabloon. ${canUse}`;
    problems.push({ part, line, message });
  }
  if (problems.length) return problems;
  try {
    textEngine.renderSync(template, sampleVariables(key));
  } catch (error) {
    const line = lineOf(error);
    const name = /undefined variable:? ?([A-Za-z0-9_.[\]"']+)/.exec(error instanceof Error ? error.message : '')?.[1];
    problems.push({
      part,
      line,
      message: name
        ? `${where(part, line)}: de variabele "${name}" heeft geen waarde. Gebruik alleen de variabelen uit de lijst, zonder onderdelen erachter.`
        : `${where(part, line)}: ${syntaxMessage(error, example)}`,
    });
  }
  return problems;
}

function lineOfName(text: string, name: string): number | null {
  const index = text.search(new RegExp(`\\b${name.replace(/[^A-Za-z0-9_]/g, '')}\\b`));
  return index < 0 ? null : text.slice(0, index).split('\n').length;
}

/** The problems of a whole variant (subject and body), plus the required variables it leaves out. */
export function checkTemplateVariant(key: string, variant: { subject: string; body: string }): TemplateProblem[] {
  const problems = [
    ...checkTemplateText(key, 'subject', variant.subject),
    ...checkTemplateText(key, 'body', variant.body),
  ];
  if (problems.length) return problems;
  const used = new Set([
    ...textEngine.globalVariablesSync(parse(variant.subject)),
    ...textEngine.globalVariablesSync(parse(variant.body)),
  ]);
  const allowed = (TEMPLATE_VARIABLES as Record<string, Record<string, string>>)[key]!;
  for (const name of (REQUIRED_VARIABLES as Record<string, readonly string[] | undefined>)[key] ?? []) {
    if (!used.has(name))
      problems.push({
        part: 'body',
        line: null,
        message: `De tekst moet de variabele {{ ${name} }} bevatten (${allowed[name]}).`,
      });
  }
  return problems;
}

/**
 * Renders a template with Liquid (never string concatenation). Plain text by default: nothing is escaped; `html`
 * escapes every output. Refuses a value for a variable the key does not know, a variable in the text the key does not
 * know or without a value (strict), broken syntax, and a line break in the rendered subject (no header injection).
 */
export function renderTemplate(
  key: string,
  template: { subject: string; body: string },
  variables: Record<string, TemplateValue>,
  options: { html?: boolean } = {},
): { subject: string; body: string } {
  const allowed = (TEMPLATE_VARIABLES as Record<string, Record<string, string>>)[key];
  if (!allowed) throw new TemplateError(`unknown template key ${key}`);
  const unknown = Object.keys(variables).filter((name) => !Object.hasOwn(allowed, name));
  if (unknown.length) throw new TemplateError(`template ${key} has no variable(s) ${unknown.join(', ')}`);
  const scope = Object.create(null) as Record<string, TemplateValue>;
  for (const [name, value] of Object.entries(variables)) {
    if (value !== undefined && value !== null) scope[name] = value;
  }
  const engine = options.html ? htmlEngine : textEngine;
  const render = (text: string, part: TemplatePart) => {
    let parsed: Template[];
    let variables: string[];
    try {
      // Parsed by the engine that renders: the HTML engine adds its escaping to every output while parsing.
      ({ parsed, variables } = parsedForRender(text, engine));
    } catch (error) {
      throw new TemplateError(
        `template ${key} has a malformed placeholder in its ${part}: ${(error as Error).message}`,
      );
    }
    for (const name of variables) {
      if (!Object.hasOwn(allowed, name))
        throw new TemplateError(`template ${key} uses unknown variable ${name} in its ${part}`);
      if (!(name in scope)) throw new TemplateError(`template ${key} needs a value for ${name}`);
    }
    try {
      return engine.renderSync(parsed, scope) as string;
    } catch (error) {
      throw new TemplateError(`template ${key} could not render its ${part}: ${(error as Error).message}`);
    }
  };
  const subject = render(template.subject, 'subject');
  if (/[\r\n]/.test(subject)) throw new TemplateError(`template ${key}: a variable has a line break in the subject`);
  const body = render(template.body, 'body');
  return { subject: subject.trim(), body: templateChannel(key) === 'INBOX' ? tidyParagraphs(body) : body };
}

/**
 * An inbox text is paragraphs: the lines a condition left empty go, at most one blank line separates paragraphs, and
 * nothing leads or trails. So a default can put each optional paragraph in its own {% if %}.
 */
export function tidyParagraphs(text: string): string {
  return text
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export type Wording = 'FORMAL' | 'INFORMAL';

/** The variant the platform's wording picks: the informal one when set and present, else the formal one. */
export function variantOf(
  template: { subject: string; body: string; informalSubject?: string | null; informalBody?: string | null },
  wording: Wording,
): { subject: string; body: string } {
  if (wording === 'INFORMAL' && template.informalSubject != null && template.informalBody != null)
    return { subject: template.informalSubject, body: template.informalBody };
  return { subject: template.subject, body: template.body };
}

/** The variables a text uses (its Liquid globals), in order of first appearance. Throws on broken syntax. */
export function placeholdersOf(text: string): string[] {
  return textEngine.globalVariablesSync(parse(text));
}
