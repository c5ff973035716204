import { formatDate, formatDateTime } from '@/components/dates/formatDate';
import { Alert } from '@/components/ui/Alert';
import { daysLeftLabel, formatSerial } from '../digidShared';
import { digidCertificateStateLabel } from '@/vocabulary/digidCertificateState';
import { DONE_UP_TO, STEPS, type Certificate } from './rollover.steps';
import { StepAction } from './StepAction';
import { UploadForm } from './UploadForm';

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

export function Rollover({
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
        {digidCertificateStateLabel[certificate.state]}: {certificate.commonName}
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
