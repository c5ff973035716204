import { useMutation, useQuery } from '@apollo/client/react';
import { Link } from 'react-router';
import { formatDate, formatDateTime } from '@/components/dates/formatDate';
import { ConfirmAction } from '@/components/forms/ConfirmAction';
import { TextAreaField } from '@/components/forms/fields';
import { TextField } from '@/components/forms/TextField';
import { useMutationForm } from '@/components/forms/useMutationForm';
import { Page } from '@/components/layout/Page';
import { Alert } from '@/components/ui/Alert';
import { QueryBoundary } from '@/components/ui/QueryBoundary';
import { graphql } from '@/graphql/generated';
import type { DigidSettingsQuery } from '@/graphql/generated/graphql';
import { useShowNotice } from '@/lib/notice';
import { urls } from '@/lib/urls';
import { daysLeftLabel, DigidSettingsDocument, formatSerial, STATE_LABELS } from '../digidShared';

type Certificate = DigidSettingsQuery['digidSettings']['certificates'][number];

const GenerateDigidKeyDocument = graphql(`
  mutation GenerateDigidKey($input: GenerateDigidKeyInput!) {
    generateDigidKey(input: $input) {
      certificate {
        ...DigidCertificateFields @unmask
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

const UploadDigidCertificateDocument = graphql(`
  mutation UploadDigidCertificate($input: UploadDigidCertificateInput!) {
    uploadDigidCertificate(input: $input) {
      certificate {
        ...DigidCertificateFields @unmask
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

const PublishDigidCertificateDocument = graphql(`
  mutation PublishDigidCertificate($id: ID!) {
    publishDigidCertificate(id: $id) {
      certificate {
        ...DigidCertificateFields @unmask
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

const ActivateDigidCertificateDocument = graphql(`
  mutation ActivateDigidCertificate($id: ID!) {
    activateDigidCertificate(id: $id) {
      certificate {
        ...DigidCertificateFields @unmask
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

const RetireDigidCertificateDocument = graphql(`
  mutation RetireDigidCertificate($id: ID!) {
    retireDigidCertificate(id: $id) {
      certificate {
        ...DigidCertificateFields @unmask
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

const refetchQueries = ['DigidSettings'];

/** The five steps of a rollover, and which step a certificate in a state has reached (1-based, done up to). */
const STEPS = [
  'Sleutelpaar en certificaataanvraag (CSR) maken',
  'Uitgegeven certificaat uploaden',
  'Publiceren als volgend certificaat in de metadata',
  'Overstappen op het nieuwe certificaat',
  'Het oude certificaat intrekken',
] as const;

const DONE_UP_TO: Record<Certificate['state'], number> = {
  PENDING: 1,
  READY: 2,
  NEXT: 3,
  CURRENT: 4,
  PREVIOUS: 4,
  RETIRED: 5,
};

const fileName = (c: Certificate) => `digid-${c.commonName}-${c.createdAt.slice(0, 10)}.csr`;

function CsrDownload({ certificate }: { certificate: Certificate }) {
  const href = `data:application/pkcs10;charset=utf-8,${encodeURIComponent(certificate.csrPem)}`;
  return (
    <>
      <p>
        <a href={href} download={fileName(certificate)}>
          Certificaataanvraag (CSR) downloaden<span className="gw-visually-hidden"> voor {certificate.commonName}</span>
        </a>
      </p>
      <details>
        <summary>CSR als tekst tonen</summary>
        <pre>{certificate.csrPem}</pre>
      </details>
    </>
  );
}

function GenerateForm() {
  const showNotice = useShowNotice();
  const [generate] = useMutation(GenerateDigidKeyDocument, { refetchQueries, awaitRefetchQueries: true });
  const form = useMutationForm({
    id: 'nieuw-sleutelpaar',
    fields: ['organization', 'commonName', 'serialNumber'],
    mutate: async (values) =>
      (
        await generate({
          variables: {
            input: {
              organization: values.organization,
              commonName: values.commonName,
              oin: values.serialNumber.trim() || null,
            },
          },
        })
      ).data?.generateDigidKey,
    onSuccess: () =>
      showNotice(
        'Het sleutelpaar en de certificaataanvraag zijn gemaakt. Download de CSR en vraag er het PKIoverheid-certificaat mee aan.',
      ),
  });
  return (
    <section aria-labelledby="stap1-kop">
      <h2 id="stap1-kop">Stap 1: sleutelpaar en certificaataanvraag maken</h2>
      <p>
        De server maakt een nieuw sleutelpaar (RSA 3072). De privésleutel blijft versleuteld op de server en is nergens
        te zien. U krijgt een certificaataanvraag (CSR) die u bij uw leverancier van PKIoverheid-certificaten indient.
      </p>
      <form className="gw-form" {...form.props}>
        {form.summary}
        <TextField
          label="Organisatie (O)"
          hint="De naam van de gemeente, zoals die in het certificaat moet staan. Bijvoorbeeld: Gemeente Zuiderveen."
          autoComplete="organization"
          {...form.field('organization')}
        />
        <TextField
          label="Hostnaam (CN)"
          hint="Het adres van de Gemeentewinkel zonder https://, bijvoorbeeld gemeentewinkel.zuiderveen.nl."
          autoComplete="off"
          spellCheck={false}
          {...form.field('commonName')}
        />
        <TextField
          label="OIN (serialNumber, niet verplicht)"
          hint="Het organisatie-identificatienummer van 20 cijfers, als uw leverancier daarom vraagt."
          inputMode="numeric"
          autoComplete="off"
          {...form.field('serialNumber')}
        />
        <div className="gw-form-actions">
          <button type="submit" className="gw-button" disabled={form.busy}>
            {form.busy ? 'Sleutelpaar wordt gemaakt…' : 'Sleutelpaar en CSR maken'}
          </button>
        </div>
      </form>
    </section>
  );
}

function UploadForm({ certificate }: { certificate: Certificate }) {
  const showNotice = useShowNotice();
  const [upload] = useMutation(UploadDigidCertificateDocument, { refetchQueries, awaitRefetchQueries: true });
  const id = `upload-${certificate.id.slice(0, 8)}`;
  const form = useMutationForm({
    id,
    fields: ['certificate', 'certificateFile'],
    mutate: async (values, data) => {
      const file = data.get('certificateFile');
      const text = file instanceof File && file.size > 0 ? await file.text() : values.certificate;
      return (await upload({ variables: { input: { id: certificate.id, certificatePem: text } } })).data
        ?.uploadDigidCertificate;
    },
    onSuccess: () => showNotice('Het certificaat is geüpload en past bij het sleutelpaar.'),
  });
  return (
    <form className="gw-form" {...form.props}>
      {form.summary}
      <TextAreaField
        label="Certificaat (PEM) plakken"
        hint="Begint met -----BEGIN CERTIFICATE-----. Of kies hieronder het bestand."
        rows={6}
        spellCheck={false}
        {...form.field('certificate')}
      />
      <TextField
        label="Of: certificaatbestand kiezen"
        type="file"
        accept=".pem,.crt,.cer"
        {...form.field('certificateFile')}
      />
      <div className="gw-form-actions">
        <button type="submit" className="gw-button" disabled={form.busy}>
          Certificaat uploaden
        </button>
      </div>
    </form>
  );
}

/** One step behind a confirmation: publish, switch over, retire. */
function StepAction({
  certificate,
  action,
  label,
  confirmLabel,
  notice,
}: {
  certificate: Certificate;
  action: 'publish' | 'activate' | 'retire';
  label: string;
  confirmLabel: string;
  notice: string;
}) {
  const showNotice = useShowNotice();
  const [publish] = useMutation(PublishDigidCertificateDocument, { refetchQueries, awaitRefetchQueries: true });
  const [activate] = useMutation(ActivateDigidCertificateDocument, { refetchQueries, awaitRefetchQueries: true });
  const [retire] = useMutation(RetireDigidCertificateDocument, { refetchQueries, awaitRefetchQueries: true });
  const variables = { id: certificate.id };
  const form = useMutationForm({
    id: `${action}-${certificate.id.slice(0, 8)}`,
    fields: [],
    mutate: async () => {
      if (action === 'publish') return (await publish({ variables })).data?.publishDigidCertificate;
      if (action === 'activate') return (await activate({ variables })).data?.activateDigidCertificate;
      return (await retire({ variables })).data?.retireDigidCertificate;
    },
    onSuccess: () => showNotice(notice),
  });
  return (
    <ConfirmAction
      form={form}
      label={
        <>
          {label}
          <span className="gw-visually-hidden">
            {' '}
            ({certificate.commonName}, aangevraagd {formatDate(certificate.createdAt)})
          </span>
        </>
      }
      confirmLabel={confirmLabel}
      groupLabel={`${label} bevestigen`}
    />
  );
}

function Progress({ certificate }: { certificate: Certificate }) {
  const done = DONE_UP_TO[certificate.state];
  return (
    <ol>
      {STEPS.map((step, index) => {
        const n = index + 1;
        const status = n <= done ? 'gedaan' : n === done + 1 ? 'volgende stap' : 'nog niet';
        return (
          <li key={step} aria-current={n === done + 1 ? 'step' : undefined}>
            {step} — <span className={n <= done ? undefined : 'gw-muted'}>{status}</span>
          </li>
        );
      })}
    </ol>
  );
}

function CertificateFacts({ certificate }: { certificate: Certificate }) {
  return (
    <dl className="gw-definition-list">
      <dt>Aangevraagd voor</dt>
      <dd>
        {certificate.organization}, {certificate.commonName}
        {certificate.oin ? `, OIN ${certificate.oin}` : ''} (op {formatDateTime(certificate.createdAt)})
      </dd>
      {certificate.serial ? (
        <>
          <dt>Onderwerp</dt>
          <dd>{certificate.subject}</dd>
          <dt>Uitgegeven door</dt>
          <dd>{certificate.issuer}</dd>
          <dt>Serienummer</dt>
          <dd>
            <code>{formatSerial(certificate.serial)}</code>
          </dd>
          <dt>Geldig</dt>
          <dd>
            {certificate.notBefore ? formatDate(certificate.notBefore) : '—'} tot{' '}
            {certificate.notAfter ? formatDate(certificate.notAfter) : '—'} (nog {daysLeftLabel(certificate.daysLeft)})
          </dd>
        </>
      ) : null}
    </dl>
  );
}

function Rollover({
  certificate,
  hasCurrent,
  hasNext,
}: {
  certificate: Certificate;
  hasCurrent: boolean;
  hasNext: boolean;
}) {
  const headingId = `wissel-${certificate.id}`;
  return (
    <section aria-labelledby={headingId} className="gw-card">
      <h3 id={headingId}>
        {STATE_LABELS[certificate.state]}: {certificate.commonName}
      </h3>
      <Progress certificate={certificate} />
      <CertificateFacts certificate={certificate} />
      {certificate.state === 'PENDING' || certificate.state === 'READY' ? (
        <CsrDownload certificate={certificate} />
      ) : null}
      {certificate.state === 'PENDING' ? (
        <>
          <h4>Stap 2: uitgegeven certificaat uploaden</h4>
          <p>
            Upload het certificaat dat uw leverancier voor deze aanvraag heeft uitgegeven. Het moet bij dit sleutelpaar
            horen en nu geldig zijn.
          </p>
          <UploadForm certificate={certificate} />
        </>
      ) : null}
      {certificate.state === 'READY' ? (
        hasCurrent ? (
          <>
            <h4>Stap 3: publiceren als volgend certificaat</h4>
            <p>
              De metadata noemt dan het huidige én dit certificaat. Geef de nieuwe metadata aan Logius en wacht tot
              DigiD het nieuwe certificaat kent voordat u overstapt.
            </p>
            {hasNext ? (
              <Alert variant="info">
                Er is al een volgend certificaat gepubliceerd. Stap daar eerst op over of trek het terug.
              </Alert>
            ) : (
              <StepAction
                certificate={certificate}
                action="publish"
                label="Publiceren als volgend certificaat"
                confirmLabel="Ja, publiceer in de metadata"
                notice="Het certificaat staat als volgend certificaat in de metadata."
              />
            )}
          </>
        ) : (
          <>
            <h4>In gebruik nemen</h4>
            <p>Er is nog geen huidig certificaat. Dit certificaat kan direct in gebruik worden genomen.</p>
            <StepAction
              certificate={certificate}
              action="activate"
              label="In gebruik nemen"
              confirmLabel="Ja, neem dit certificaat in gebruik"
              notice="Het certificaat is nu in gebruik."
            />
          </>
        )
      ) : null}
      {certificate.state === 'NEXT' ? (
        <>
          <h4>Stap 4: overstappen</h4>
          <p>
            Het nieuwe certificaat gaat ondertekenen en wordt gebruikt voor de beveiligde verbinding met DigiD. Het oude
            blijft als vorig certificaat in de metadata staan, zodat inloggen die nu bezig zijn gewoon slagen.
          </p>
          <StepAction
            certificate={certificate}
            action="activate"
            label="Overstappen op dit certificaat"
            confirmLabel="Ja, stap over"
            notice="U bent overgestapt. Het oude certificaat staat nog als vorig certificaat in de metadata."
          />
        </>
      ) : null}
      {certificate.state === 'PREVIOUS' ? (
        <>
          <h4>Stap 5: het oude certificaat intrekken</h4>
          <p>
            Doe dit als DigiD het nieuwe certificaat gebruikt en er geen inlogpogingen met het oude meer lopen
            (bijvoorbeeld een dag na het overstappen). Het verdwijnt dan uit de metadata.
          </p>
          <StepAction
            certificate={certificate}
            action="retire"
            label="Vorig certificaat intrekken"
            confirmLabel="Ja, trek het vorige certificaat in"
            notice="Het vorige certificaat is ingetrokken en staat niet meer in de metadata."
          />
        </>
      ) : null}
      {certificate.state === 'PENDING' || certificate.state === 'READY' || certificate.state === 'NEXT' ? (
        <StepAction
          certificate={certificate}
          action="retire"
          label={certificate.state === 'NEXT' ? 'Terugtrekken uit de metadata' : 'Sleutelpaar weggooien'}
          confirmLabel={certificate.state === 'NEXT' ? 'Ja, trek het terug' : 'Ja, gooi het sleutelpaar weg'}
          notice={
            certificate.state === 'NEXT'
              ? 'Het volgende certificaat is teruggetrokken.'
              : 'Het sleutelpaar is weggegooid.'
          }
        />
      ) : null}
    </section>
  );
}

/**
 * /admin/beheer/instellingen/digid/nieuwe-certificaten: a new key pair and CSR, the issued certificate uploaded (checked
 * against the key and its validity), published as the next certificate, switched over to, and the old one retired —
 * so there is never a moment in which log-in fails. Each step is confirmed and audited.
 */
export default function DigidCertificatesScreen() {
  return (
    <QueryBoundary
      query={useQuery(DigidSettingsDocument, { fetchPolicy: 'cache-and-network' })}
      select={(data) => data.digidSettings}
      title="Nieuwe DigiD-certificaten"
      errorMessage="De DigiD-certificaten konden niet worden geladen."
    >
      {(settings) => {
        const current = settings.certificates.find((c) => c.state === 'CURRENT');
        const hasNext = settings.certificates.some((c) => c.state === 'NEXT');
        const inProgress = settings.certificates.filter((c) =>
          ['PENDING', 'READY', 'NEXT', 'PREVIOUS'].includes(c.state),
        );
        const retired = settings.certificates.filter((c) => c.state === 'RETIRED');
        return (
          <Page
            title="Nieuwe DigiD-certificaten"
            lead="Stap op tijd over op een nieuw certificaat, zonder moment waarop inloggen niet lukt."
          >
            <section aria-labelledby="stappen-kop">
              <h2 id="stappen-kop">Zo werkt het</h2>
              <ol>
                {STEPS.map((s) => (
                  <li key={s}>{s}</li>
                ))}
              </ol>
              <p>
                {current ? (
                  <>
                    Het huidige certificaat ({current.commonName}) is geldig tot{' '}
                    {current.notAfter ? formatDate(current.notAfter) : '—'} (nog {daysLeftLabel(current.daysLeft)}).
                  </>
                ) : (
                  'Er is nog geen huidig certificaat.'
                )}{' '}
                <Link to={urls.admin.instellingen.digid()}>Terug naar de DigiD-instellingen</Link>
              </p>
            </section>
            <GenerateForm />
            <section aria-labelledby="lopend-kop">
              <h2 id="lopend-kop">Lopende wissels</h2>
              {inProgress.length ? (
                inProgress.map((c) => (
                  <Rollover key={c.id} certificate={c} hasCurrent={Boolean(current)} hasNext={hasNext} />
                ))
              ) : (
                <p className="gw-muted">Er loopt geen wissel. Begin met stap 1.</p>
              )}
            </section>
            {retired.length ? (
              <section aria-labelledby="ingetrokken-kop">
                <h2 id="ingetrokken-kop">Ingetrokken</h2>
                <ul>
                  {retired.map((c) => (
                    <li key={c.id}>
                      {c.commonName}, serienummer <code>{formatSerial(c.serial)}</code>
                      {c.retiredAt ? `, ingetrokken op ${formatDate(c.retiredAt)}` : ''}
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
          </Page>
        );
      }}
    </QueryBoundary>
  );
}
