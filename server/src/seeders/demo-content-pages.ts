import type { EntityManager } from '@mikro-orm/postgresql';

const DAY = 24 * 60 * 60 * 1000;

/**
 * The demo's content pages: hoe werkt het, privacy, toegankelijkheid, the residents' terms and the providers' terms,
 * each with a published version (and for privacy an older one, so the history has something to restore), written
 * for this demo. Dates are relative to the demo's set-up. The providers' terms are the platform's terms version 1
 * (its text is replaced by an older text) and a version 2 published ten days ago; see below who accepted what.
 */
export async function seedDemoContentPages(em: EntityManager, options: { setupAt: Date; today: Date }): Promise<void> {
  const { setupAt, today } = options;
  const [editor] = await em.execute<{ id: string; name: string }[]>(
    `select id, name from admin_account where email = 'redactie@demo.gemeentewinkel.nl'`,
  );
  const version = async (
    page: string,
    n: number,
    title: string,
    body: string,
    at: Date,
    extra: { accessibility?: object; termsVersionId?: string; published?: boolean } = {},
  ) => {
    await em.execute(
      `insert into content_page_version
         (page, version, title, body, accessibility, published_at, published_by_account_id, terms_version_id,
          author_account_id, author_name, created_at)
       values (?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?, ?, ?)`,
      [
        page,
        n,
        title,
        body,
        extra.accessibility ? JSON.stringify(extra.accessibility) : null,
        extra.published === false ? null : at,
        extra.published === false ? null : (editor?.id ?? null),
        extra.termsVersionId ?? null,
        editor?.id ?? null,
        editor?.name ?? 'Redactie',
        at,
      ],
    );
  };

  await version('how-it-works', 1, 'Zo werkt de Gemeentewinkel', HOW_IT_WORKS, setupAt);
  await version('privacy', 1, 'Privacyverklaring', PRIVACY_V1, setupAt);
  await version('privacy', 2, 'Privacyverklaring', PRIVACY, new Date(setupAt.getTime() + 30 * DAY));
  await version('terms-residents', 1, 'Voorwaarden voor inwoners', TERMS_RESIDENTS, setupAt);

  const reviewedOn = new Date(today.getTime() - 75 * DAY).toISOString().slice(0, 10);
  await version('accessibility', 1, 'Toegankelijkheidsverklaring', ACCESSIBILITY_INTRO, setupAt, {
    accessibility: {
      status: 'PARTIALLY_COMPLIANT',
      reviewedOn,
      reviewMethod:
        'Onderzoek door een externe deskundige volgens de WCAG-EM-methode, met een steekproef van 25 pagina’s, aangevuld met automatische controles bij elke nieuwe versie.',
      contactEmail: 'toegankelijkheid@demo.gemeentewinkel.nl',
      contactPhone: '14020',
      problems: [
        {
          description:
            'Sommige productfoto’s die aanbieders zelf plaatsen hebben nog geen beschrijvende alternatieve tekst.',
          fix: 'Aanbieders moeten vanaf het volgende kwartaal bij elke foto een beschrijving invullen; bestaande foto’s lopen wij samen met hen na.',
        },
        {
          description: 'Oudere PDF-documenten bij regelingen zijn niet altijd goed voorleesbaar.',
          fix: 'Wij vervangen deze documenten vóór het einde van het jaar door webpagina’s.',
        },
      ],
    },
  });

  // The providers' terms: the platform's version 1 (made by the onboarding migration) gets this text, and was
  // accepted by every demo provider at set-up. Version 2 was published ten days ago; every provider but the fourth
  // (aanbieder4@…, who has not logged in since) accepted it, so logging in as that provider shows the new terms first.
  const [v1] = await em.execute<{ id: string }[]>(
    `update terms_version set title = ?, body = ?, published_at = ?, created_at = ?
      where municipality_id is null and version = 1 returning id`,
    ['Voorwaarden voor aanbieders', TERMS_PROVIDERS_V1, setupAt, setupAt],
  );
  if (!v1) return;
  const v2At = new Date(today.getTime() - 10 * DAY);
  const [v2] = await em.execute<{ id: string }[]>(
    `insert into terms_version (municipality_id, version, title, body, published_at, created_at)
     values (null, 2, ?, ?, ?, ?) returning id`,
    ['Voorwaarden voor aanbieders', TERMS_PROVIDERS, v2At, v2At],
  );
  await version('terms-providers', 1, 'Voorwaarden voor aanbieders', TERMS_PROVIDERS_V1, setupAt, {
    termsVersionId: v1.id,
  });
  await version('terms-providers', 2, 'Voorwaarden voor aanbieders', TERMS_PROVIDERS, v2At, {
    termsVersionId: v2!.id,
  });
  await em.execute(
    `insert into terms_acceptance (terms_version_id, provider_id, accepted_at)
     select ?, p.id, ? from provider p
      where not exists (select 1 from terms_acceptance ta where ta.provider_id = p.id and ta.terms_version_id = ?)`,
    [v1.id, setupAt, v1.id],
  );
  await em.execute(
    `insert into terms_acceptance (terms_version_id, provider_id, provider_user_id, accepted_at)
     select ?, u.provider_id, u.id, ? from provider_user u
      where u.email like 'aanbieder%@demo.gemeentewinkel.nl' and u.email <> ?`,
    [v2!.id, new Date(v2At.getTime() + DAY), DEMO_PROVIDER_WITH_NEW_TERMS],
  );
}

/** The demo provider user who still has to accept the providers' terms version 2 (shown at their next log-in). */
export const DEMO_PROVIDER_WITH_NEW_TERMS = 'aanbieder4@demo.gemeentewinkel.nl';

/** The demo's 'hoe werkt het' text: log-in with DigiD only, the demo municipalities' own phone numbers. */
export const HOW_IT_WORKS = `In de Gemeentewinkel kiest u zelf producten en activiteiten uit het aanbod van erkende aanbieders. U betaalt met het tegoed dat de gemeente u geeft via een regeling, zoals een sport- of cultuurregeling.

# Stap 1: log in
Log in met DigiD. U ziet dan welke regelingen voor uw huishouden gelden en hoeveel tegoed er nog over is.

# Stap 2: kies uit het aanbod
Zoek op categorie, op aanbieder of op een woord. Bij elk product ziet u wat het kost, voor wie het bedoeld is en welk deel de regeling betaalt. Soms betaalt u zelf een klein deel bij.

# Stap 3: bestel
Leg het product in uw winkelwagen en rond de bestelling af. Het bedrag gaat meteen van uw tegoed af. U krijgt een bevestiging per e-mail en in uw berichten.

# Stap 4: gebruik het product
De aanbieder neemt de bestelling aan en laat weten wanneer u terecht kunt. Haalt u het product op? Laat dan aan de balie uw pas zien, of de ophaalcode van uw bestelling.

## Hulp nodig?
Komt u er niet uit? Bel uw gemeente: Gemeente Zuiderveen via **14 0591**, Gemeente Noorderhaven via **14 0594**. U kunt ook een medewerker van het wijkteam vragen om samen met u te bestellen.`;

const PRIVACY_V1 = `De gemeente gaat zorgvuldig om met uw persoonsgegevens. In deze verklaring leest u welke gegevens wij gebruiken voor de Gemeentewinkel.

# Welke gegevens
Uw naam, adres, geboortedatum, burgerservicenummer en de regelingen waar u recht op heeft.`;

export const PRIVACY = `De gemeenten van de Gemeentewinkel gaan zorgvuldig om met uw gegevens. Hier leest u welke gegevens wij gebruiken en waarom. U leest ook hoe lang wij ze bewaren en wat uw rechten zijn.

# Waarom gebruiken wij uw gegevens?
Wij kijken op welke regelingen uw huishouden recht heeft. Wij houden uw tegoed bij. En wij sturen uw bestelling naar de aanbieder. Dat is werk dat de wet aan de gemeente geeft. Daarom mogen wij uw gegevens hiervoor gebruiken. Zo staat het in de Europese privacywet, de AVG.

# Welke gegevens?
- uw naam, adres en geboortedatum;
- uw burgerservicenummer (BSN). Dat gebruiken wij alleen om te weten wie u bent als u inlogt met DigiD;
- de regelingen, het tegoed en de bestellingen van uw huishouden;
- uw e-mailadres, als u dat zelf invult.

# Wie ziet uw gegevens?
De aanbieder ziet alleen wat nodig is voor uw bestelling: uw naam en wat u bestelt. Wij verkopen uw gegevens nooit. Wij geven ze ook niet door voor reclame.

# Hoe lang bewaren wij uw gegevens?
Bestellingen en betalingen bewaren wij zeven jaar. Dat moet van de wet. Andere gegevens wissen wij binnen twee jaar nadat uw laatste regeling is gestopt.

# Uw rechten
U mag uw gegevens altijd bekijken. Op de pagina Gegevens kunt u ze ook downloaden. Klopt er iets niet? Dan mag u vragen om het te verbeteren of te wissen. U mag ook bezwaar maken. Stuur uw vraag naar de privacyfunctionaris van uw gemeente. Bent u het niet eens met wat wij doen? Dan kunt u een klacht indienen bij de [Autoriteit Persoonsgegevens](https://autoriteitpersoonsgegevens.nl).`;

export const TERMS_RESIDENTS = `Deze voorwaarden gelden als u de Gemeentewinkel gebruikt om met het tegoed van een regeling producten te bestellen.

# Uw tegoed
Het tegoed is persoonlijk en bedoeld voor uw huishouden. U kunt het niet omzetten in geld en niet aan anderen overdragen. Tegoed dat aan het einde van de looptijd van een regeling over is, vervalt.

# Bestellen en annuleren
Een bestelling is definitief zodra de aanbieder haar heeft aangenomen. Zolang dat nog niet is gebeurd, kunt u de bestelling zelf annuleren; het tegoed komt dan terug. Daarna neemt u contact op met de aanbieder.

# Eigen bijdrage
Kost een product meer dan de regeling betaalt, dan betaalt u het verschil zelf, via iDEAL of aan de kassa van de aanbieder.

# Misbruik
Gebruikt u het tegoed voor iets anders dan waarvoor het bedoeld is, dan kan de gemeente het tegoed blokkeren en het bedrag terugvorderen.

# Vragen en klachten
Heeft u een vraag over een bestelling, neem dan eerst contact op met de aanbieder. Komt u er samen niet uit, neem dan contact op met de gemeente.`;

const TERMS_PROVIDERS = `Deze voorwaarden gelden voor organisaties die via de Gemeentewinkel producten en activiteiten aanbieden aan inwoners met een regeling.

# Aanbod
U biedt alleen producten aan die passen bij de regelingen van de gemeente en die u zelf levert. Prijzen zijn inclusief btw en gelijk aan of lager dan de prijs voor andere klanten.

# Bestellingen
U neemt een bestelling binnen vijf werkdagen aan of wijst haar af, met een reden. Een aangenomen bestelling levert u zoals beschreven.

# Uitbetaling
De gemeente betaalt geleverde bestellingen maandelijks uit op het IBAN dat u heeft opgegeven.

# Persoonsgegevens
U gebruikt de gegevens van inwoners alleen om hun bestelling af te handelen en bewaart ze niet langer dan daarvoor nodig is.

# Beëindiging
De gemeente kan uw deelname beëindigen als u zich niet aan deze voorwaarden houdt. Lopende bestellingen handelt u dan nog af.`;

const TERMS_PROVIDERS_V1 = `Deze voorwaarden gelden voor organisaties die via de Gemeentewinkel producten aanbieden aan inwoners met een regeling.

# Aanbod en bestellingen
U biedt alleen producten aan die passen bij de regelingen van de gemeente. U neemt een bestelling binnen tien werkdagen aan of wijst haar af.

# Uitbetaling
De gemeente betaalt geleverde bestellingen elk kwartaal uit.`;

export const ACCESSIBILITY_INTRO = `Iedereen moet deze website kunnen gebruiken. Ook mensen met een beperking. Daarom volgen wij de regels voor websites van de overheid: de WCAG 2.1, niveau AA.

Deze tekst gaat over de hele website. Dus over de pagina's voor iedereen, voor inwoners en voor aanbieders.`;
