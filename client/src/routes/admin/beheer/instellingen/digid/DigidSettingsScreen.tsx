import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router';
import { formatDate } from '@/components/dates/formatDate';
import { RadioGroup } from '@/components/forms/fields';
import { Page } from '@/components/layout/Page';
import { SettingsForm } from '@/components/settings/SettingsForm';
import { Alert } from '@/components/ui/Alert';
import { QueryBoundary } from '@/components/ui/QueryBoundary';
import type { DigidSettingsQuery } from '@/graphql/generated/graphql';
import { urls } from '@/lib/urls';
import { daysLeftLabel, DigidSettingsDocument, formatSerial } from './digidShared';
import { digidCertificateStateLabel } from '@/vocabulary/digidCertificateState';
import { DataTable } from '@/components/ui/DataTable';

type Settings = DigidSettingsQuery['digidSettings'];

const MODES: Record<string, { label: string; explanation: string }> = {
  simulator: {
    label: 'Simulator',
    explanation:
      'Inwoners loggen in met een nagebootste DigiD. Alleen voor ontwikkelen en testen; in productie weigert de server te starten met de simulator.',
  },
  saml: {
    label: 'SAML (rechtstreeks met DigiD)',
    explanation:
      'De Gemeentewinkel is rechtstreeks aangesloten op DigiD van Logius, met de SAML-artifactbinding over een beveiligde verbinding met ons certificaat (PKIoverheid).',
  },
  oidc: {
    label: 'OpenID Connect (via een makelaar)',
    explanation:
      'Inwoners loggen in via een DigiD-makelaar (broker) die OpenID Connect spreekt; de makelaar geeft het BSN en het betrouwbaarheidsniveau door.',
  },
};

const LEVELS = [
  {
    value: 'basis',
    label: 'Basis: inloggen met gebruikersnaam en wachtwoord. Voldoende voor gegevens met een laag risico.',
  },
  {
    value: 'midden',
    label:
      'Midden: gebruikersnaam en wachtwoord plus een sms-code, of de DigiD-app. Gebruikelijk voor persoonsgegevens en een tegoed.',
  },
  {
    value: 'substantieel',
    label: 'Substantieel: de DigiD-app met een gecontroleerd identiteitsbewijs (ID-check). Voor gevoelige gegevens.',
  },
  {
    value: 'hoog',
    label:
      'Hoog: de DigiD-app met een identiteitskaart met chip. Het hoogste niveau; nog niet iedere inwoner kan het gebruiken.',
  },
] as const;

type Level = (typeof LEVELS)[number]['value'];

function Connection({ settings }: { settings: Settings }) {
  const mode = MODES[settings.mode] ?? { label: settings.mode, explanation: '' };
  const metadataPath = '/auth/digid/metadata';
  return (
    <section aria-labelledby="koppeling-kop">
      <h2 id="koppeling-kop">Koppeling</h2>
      <dl className="gw-definition-list">
        <dt>Manier van koppelen</dt>
        <dd>
          {mode.label}
          {mode.explanation ? <p className="gw-muted">{mode.explanation}</p> : null}
          <p className="gw-muted">
            Dit staat in de configuratie van de server (DIGID_MODE) en verandert alleen met een nieuwe aansluiting bij
            Logius.
          </p>
        </dd>
        <dt>Entity ID</dt>
        <dd>
          <code>{settings.entityId}</code>
        </dd>
        <dt>Metadata voor Logius</dt>
        <dd>
          <a href={metadataPath}>SAML-metadata downloaden</a>
          <p className="gw-muted">
            Geef Logius dit bestand en de entity ID hierboven. Het adres is <code>{settings.metadataUrl}</code>. De
            metadata noemt het huidige certificaat en, tijdens een wissel, ook het volgende.
          </p>
        </dd>
      </dl>
    </section>
  );
}

function Certificates({ settings }: { settings: Settings }) {
  const inUse = settings.certificates.filter((c) => ['CURRENT', 'NEXT', 'PREVIOUS'].includes(c.state));
  const current = inUse.find((c) => c.state === 'CURRENT');
  return (
    <section aria-labelledby="certificaten-kop">
      <h2 id="certificaten-kop">Certificaten in gebruik</h2>
      {!current ? (
        <Alert variant="warning" title="Er is geen huidig certificaat">
          Zonder certificaat kunnen inwoners niet met DigiD inloggen (bij SAML). Maak een sleutelpaar en vraag een
          certificaat aan bij ‘Nieuwe certificaten’.
        </Alert>
      ) : current.daysLeft != null && current.daysLeft <= settings.warningDays ? (
        <Alert variant="warning" title="Het certificaat verloopt binnenkort">
          Het huidige certificaat verloopt over {daysLeftLabel(current.daysLeft)}. Vraag op tijd een nieuw certificaat
          aan en stap over.
        </Alert>
      ) : null}
      {inUse.length ? (
        <DataTable
          caption="De certificaten in de metadata, met hun geldigheid"
          hideCaption
          headers={['Status', 'Onderwerp', 'Serienummer', 'Geldig vanaf', 'Geldig tot', 'Nog geldig']}
        >
          {inUse.map((c) => (
            <tr key={c.id}>
              <th scope="row">{digidCertificateStateLabel[c.state]}</th>
              <td>{c.subject}</td>
              <td>
                <code>{formatSerial(c.serial)}</code>
              </td>
              <td>{c.notBefore ? formatDate(c.notBefore as string) : '—'}</td>
              <td>{c.notAfter ? formatDate(c.notAfter as string) : '—'}</td>
              <td>{daysLeftLabel(c.daysLeft)}</td>
            </tr>
          ))}
        </DataTable>
      ) : null}
      <p>
        <Link to={urls.admin.instellingen.digidCertificates()}>Nieuwe certificaten aanvragen en overstappen</Link>
      </p>
    </section>
  );
}

/**
 * /admin/beheer/instellingen/digid: how residents log in (configuration), the entity id and the metadata for Logius,
 * the assurance level (a setting, in force at the next log-in) and the certificates in use with their expiry.
 */
export default function DigidSettingsScreen() {
  return (
    <QueryBoundary
      query={useQuery(DigidSettingsDocument, { fetchPolicy: 'cache-and-network' })}
      select={(data) => data.digidSettings}
      title="DigiD"
      errorMessage="De DigiD-instellingen konden niet worden geladen."
    >
      {(settings) => (
        <Page
          title="DigiD"
          lead="De koppeling waarmee inwoners inloggen, het betrouwbaarheidsniveau en de certificaten."
        >
          <Connection settings={settings} />
          <section aria-labelledby="niveau-kop">
            <h2 id="niveau-kop">Betrouwbaarheidsniveau</h2>
            <SettingsForm
              section="DIGID"
              id="digid"
              fields={['assuranceLevel'] as const}
              refetch={['DigidSettings']}
              toPatch={(values) => ({ assuranceLevel: values.assuranceLevel })}
              savedNotice="Het betrouwbaarheidsniveau is opgeslagen. Het geldt vanaf de volgende keer dat iemand inlogt."
            >
              {({ value, form }) => (
                <RadioGroup
                  legend="Welk niveau vraagt de Gemeentewinkel bij het inloggen?"
                  hint="Inwoners die dit niveau niet halen, kunnen niet inloggen. Het niveau moet passen bij uw aansluiting bij Logius."
                  options={LEVELS}
                  defaultValue={String(value.assuranceLevel ?? 'midden') as Level}
                  {...form.field('assuranceLevel')}
                />
              )}
            </SettingsForm>
          </section>
          <Certificates settings={settings} />
        </Page>
      )}
    </QueryBoundary>
  );
}
