import { ACCESSIBILITY_STATUS_LABELS } from '@rules/content-page';
import { ContentPageView, type PublicContentPage } from '../../components/content/ContentPageView';
import { formatDate } from '../../components/dates/formatDate';

const STATUS_SENTENCE = {
  COMPLIANT: 'Deze website voldoet volledig aan de eisen van WCAG 2.1 op niveau A en AA.',
  PARTIALLY_COMPLIANT: 'Deze website voldoet gedeeltelijk aan de eisen van WCAG 2.1 op niveau A en AA.',
  NOT_COMPLIANT: 'Deze website voldoet (nog) niet aan de eisen van WCAG 2.1 op niveau A en AA.',
} as const;

/**
 * /toegankelijkheid: the accessibility statement, in the structure of the Dutch model statement (status, how it was
 * drawn up, known problems with their planned fix, feedback and contact, the enforcement procedure). Edited at
 * instellingen/toegankelijkheid.
 */
export default function AccessibilityScreen() {
  return (
    <ContentPageView
      page="ACCESSIBILITY"
      title="Toegankelijkheid"
      empty="De toegankelijkheidsverklaring is nog niet gepubliceerd. Loopt u tegen een probleem aan? Neem contact op met de gemeente."
      after={(page) => (page.accessibility ? <Statement statement={page.accessibility} /> : null)}
    />
  );
}

function Statement({ statement }: { statement: NonNullable<PublicContentPage['accessibility']> }) {
  const status = statement.status as keyof typeof STATUS_SENTENCE;
  return (
    <>
      <section aria-labelledby="nalevingsstatus">
        <h2 id="nalevingsstatus">Nalevingsstatus</h2>
        <p>
          <strong>{ACCESSIBILITY_STATUS_LABELS[status]}.</strong> {STATUS_SENTENCE[status]}
        </p>
      </section>
      <section aria-labelledby="opstelling">
        <h2 id="opstelling">Opstelling van deze verklaring</h2>
        <p>
          Deze verklaring is gebaseerd op het laatste onderzoek van de toegankelijkheid, op{' '}
          <time dateTime={statement.reviewedOn}>{formatDate(statement.reviewedOn)}</time>.
        </p>
        <p>Methode: {statement.reviewMethod}</p>
      </section>
      <section aria-labelledby="problemen">
        <h2 id="problemen">Bekende problemen en geplande oplossingen</h2>
        {statement.problems.length === 0 ? (
          <p>Er zijn op dit moment geen bekende toegankelijkheidsproblemen.</p>
        ) : (
          <ul>
            {statement.problems.map((p, i) => (
              <li key={i}>
                <p>{p.description}</p>
                <p>
                  <strong>Geplande oplossing:</strong> {p.fix}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="feedback">
        <h2 id="feedback">Feedback en contactgegevens</h2>
        <p>
          Loopt u tegen een toegankelijkheidsprobleem aan? Of heeft u een vraag of opmerking over de toegankelijkheid?
          Neem dan contact op via <a href={`mailto:${statement.contactEmail}`}>{statement.contactEmail}</a>
          {statement.contactPhone ? (
            <>
              {' '}
              of bel <a href={`tel:${statement.contactPhone}`}>{statement.contactPhone}</a>
            </>
          ) : null}
          .
        </p>
        <p>U krijgt binnen 5 werkdagen een ontvangstbevestiging en binnen 3 weken een inhoudelijke reactie.</p>
      </section>
      <section aria-labelledby="handhaving">
        <h2 id="handhaving">Handhavingsprocedure</h2>
        <p>
          Bent u niet tevreden met de manier waarop uw klacht is behandeld? Of heeft u geen reactie gekregen? Dan kunt u
          zich wenden tot de <a href="https://www.nationaleombudsman.nl">Nationale ombudsman</a>.
        </p>
      </section>
    </>
  );
}
