import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { Link } from 'react-router';
import { SelectField, TextAreaField } from '../../components/forms/fields';
import { EmailField, TextField } from '../../components/forms/TextField';
import { useMutationForm } from '../../components/forms/useMutationForm';
import { formatCount, formatDate } from '../../components/dates/formatDate';
import { formatCents } from '../../components/money/formatCents';
import { Page } from '../../components/layout/Page';
import { Alert } from '../../components/ui/Alert';
import { Loading } from '../../components/ui/Loading';
import { QueryError } from '../../components/ui/QueryError';
import type { OperatorConsoleQuery } from '../../graphql/generated/graphql';
import { urls } from '../../lib/urls';
import {
  CreateMunicipalityDocument,
  OperatorConsoleDocument,
  OperatorLogoutDocument,
  StartOperatorActDocument,
  StopOperatorActDocument,
} from './operator.graphql';
import { DataTable } from '@/components/ui/DataTable';
import { NamedOptions } from '@/components/forms/NamedOptions';

type Console = NonNullable<OperatorConsoleQuery['operatorConsole']>;
type Operator = NonNullable<OperatorConsoleQuery['operator']>;

const DURATIONS = [15, 30, 60, 90, 120];
const REASON_MIN_LENGTH = 10;
const time = new Intl.DateTimeFormat('nl-NL', { timeStyle: 'short', timeZone: 'Europe/Amsterdam' });

function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toLocaleString('nl-NL', { maximumFractionDigits: 1 })} GB`;
  return `${(bytes / 1024 ** 2).toLocaleString('nl-NL', { maximumFractionDigits: 1 })} MB`;
}

/**
 * /_lightbase: the operator console of Lightbase. Every municipality with its figures, the platform's health, a new
 * municipality, and acting in a municipality's admin area for a stated reason and a limited time. Everything an
 * operator does is recorded in the audit log, which the municipality sees.
 */
export default function ConsoleScreen() {
  const query = useQuery(OperatorConsoleDocument, { fetchPolicy: 'network-only' });
  if (query.data === undefined) {
    return (
      <Page title="Beheerconsole">
        {query.error ? (
          <QueryError
            message="De beheerconsole kon niet worden geladen."
            onRetry={() => void query.refetch().catch(() => undefined)}
          />
        ) : (
          <Loading />
        )}
      </Page>
    );
  }
  const { operator, operatorConsole } = query.data;
  if (!operator || !operatorConsole) {
    return (
      <Page title="Beheerconsole" lead="De beheerconsole is alleen voor operators van Lightbase.">
        <p>U bent niet ingelogd in de beheerconsole.</p>
        <p>
          <Link to={urls.internal.login()} className="gw-button">
            Inloggen met een inloglink
          </Link>
        </p>
      </Page>
    );
  }
  return <ConsoleContent operator={operator} data={operatorConsole} refetch={() => void query.refetch()} />;
}

function ConsoleContent({ operator, data, refetch }: { operator: Operator; data: Console; refetch: () => void }) {
  const [logout, { loading: loggingOut }] = useMutation(OperatorLogoutDocument);
  const [stop, { loading: stopping }] = useMutation(StopOperatorActDocument);
  return (
    <Page
      title="Beheerconsole"
      lead={`Ingelogd als ${operator.name ?? operator.email}, tot ${time.format(new Date(operator.sessionExpiresAt))}. Alles wat u hier en in de beheeromgeving van een gemeente doet, wordt vastgelegd in de auditlog van die gemeente.`}
    >
      <p>
        <button
          type="button"
          className="gw-button gw-button--secondary"
          disabled={loggingOut}
          onClick={() =>
            void logout().then(() => {
              window.location.assign(urls.internal.login());
            })
          }
        >
          Uitloggen
        </button>
      </p>
      {operator.acting ? (
        <Alert variant="warning" title={`U werkt als operator in ${operator.acting.municipalityName}`}>
          <p>
            Reden: {operator.acting.reason}. Tot {time.format(new Date(operator.acting.until))}.
          </p>
          <p>
            <a href={urls.admin.dashboard()}>Naar de beheeromgeving van {operator.acting.municipalityName}</a>
          </p>
          <button
            type="button"
            className="gw-button gw-button--secondary"
            disabled={stopping}
            onClick={() => void stop().then(refetch)}
          >
            Stoppen
          </button>
        </Alert>
      ) : null}
      <Municipalities municipalities={data.municipalities} />
      <ActInMunicipality municipalities={data.municipalities} />
      <Health health={data.health} />
      <NewMunicipality onCreated={refetch} />
    </Page>
  );
}

function Municipalities({ municipalities }: { municipalities: Console['municipalities'] }) {
  return (
    <section aria-labelledby="gemeenten">
      <h2 id="gemeenten">Gemeenten</h2>
      {municipalities.length === 0 ? (
        <p>Er zijn nog geen gemeenten.</p>
      ) : (
        <DataTable
          caption="Alle gemeenten met hun cijfers"
          hideCaption
          headers={[
            'Gemeente',
            'Code',
            { label: 'Inwoners', numeric: true },
            { label: 'Actieve toewijzingen', numeric: true },
            { label: 'Aanbieders', numeric: true },
            { label: 'Bestellingen deze maand', numeric: true },
            { label: 'Budget toegekend', numeric: true },
            { label: 'Besteed deze maand', numeric: true },
          ]}
        >
          {municipalities.map((m) => (
            <tr key={m.id}>
              <th scope="row">{m.name}</th>
              <td>{m.slug}</td>
              <td className="gw-num">{formatCount(m.persons)}</td>
              <td className="gw-num">{formatCount(m.activeAssignments)}</td>
              <td className="gw-num">{formatCount(m.providers)}</td>
              <td className="gw-num">{formatCount(m.ordersThisMonth)}</td>
              <td className="gw-num">{formatCents(m.budgetGrantedCents)}</td>
              <td className="gw-num">{formatCents(m.budgetSpentCents)}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}

function Health({ health }: { health: Console['health'] }) {
  const { jobs } = health;
  return (
    <section aria-labelledby="gezondheid">
      <h2 id="gezondheid">Gezondheid van het platform</h2>
      <dl className="gw-definition-list">
        <dt>Takenwachtrij</dt>
        <dd>
          {formatCount(jobs.waiting)} wachtend, {formatCount(jobs.running)} bezig, {formatCount(jobs.scheduled)}{' '}
          gepland, {formatCount(jobs.retrying)} opnieuw te proberen, {formatCount(jobs.failed)} mislukt
        </dd>
        <dt>Mislukte e-mails</dt>
        <dd>{formatCount(health.failedMails)}</dd>
        <dt>Terugbetalingen die niet meer opnieuw worden geprobeerd</dt>
        <dd>{formatCount(health.stoppedRefunds)}</dd>
        <dt>Grootte van de database</dt>
        <dd>{formatBytes(health.databaseSizeBytes)}</dd>
        <dt>DigiD-certificaten verlopen op</dt>
        <dd>
          {health.digidCertificateExpiresAt ? formatDate(health.digidCertificateExpiresAt) : 'Nog niet ingesteld'}
        </dd>
      </dl>
    </section>
  );
}

function ActInMunicipality({ municipalities }: { municipalities: Console['municipalities'] }) {
  const [start] = useMutation(StartOperatorActDocument);
  const form = useMutationForm({
    id: 'werken-in-gemeente',
    fields: ['municipalityId', 'reason', 'minutes'],
    check: ({ municipalityId, reason }) => ({
      municipalityId: municipalityId ? null : 'Kies een gemeente.',
      reason:
        reason.trim().length >= REASON_MIN_LENGTH
          ? null
          : `Geef de reden op waarom u in deze gemeente werkt, in ten minste ${REASON_MIN_LENGTH} tekens.`,
    }),
    mutate: async ({ municipalityId, reason, minutes }) =>
      (
        await start({
          variables: { input: { municipalityId, reason: reason.trim(), minutes: Number(minutes) } },
        })
      ).data?.startOperatorAct,
    // A fresh page: the admin area then loads as the acting operator.
    onSuccess: () => window.location.assign(urls.admin.dashboard()),
  });
  return (
    <section aria-labelledby="werken-in-gemeente-titel">
      <h2 id="werken-in-gemeente-titel">Werken in de beheeromgeving van een gemeente</h2>
      <p>
        U werkt dan als beheerder van die ene gemeente, zo lang als u kiest. Bovenaan elke pagina staat dat u als
        operator werkt. De gemeente ziet in haar auditlog wat u doet, met de reden.
      </p>
      <form className="gw-form" {...form.props}>
        {form.summary}
        <SelectField label="Gemeente" required defaultValue="" {...form.field('municipalityId')}>
          <option value="" disabled>
            Kies een gemeente
          </option>
          <NamedOptions items={municipalities} />
        </SelectField>
        <TextAreaField
          label="Reden"
          hint={`Bijvoorbeeld het nummer van de melding en wat u gaat doen. Ten minste ${REASON_MIN_LENGTH} tekens.`}
          required
          rows={3}
          {...form.field('reason')}
        />
        <SelectField label="Duur" defaultValue="30" {...form.field('minutes')}>
          {DURATIONS.map((d) => (
            <option key={d} value={d}>
              {d} minuten
            </option>
          ))}
        </SelectField>
        <button type="submit" className="gw-button" disabled={form.busy}>
          {form.busy ? 'Bezig…' : 'Werken in deze gemeente'}
        </button>
      </form>
    </section>
  );
}

function NewMunicipality({ onCreated }: { onCreated: () => void }) {
  const [create] = useMutation(CreateMunicipalityDocument);
  const [created, setCreated] = useState<string | null>(null);
  const form = useMutationForm({
    id: 'nieuwe-gemeente',
    fields: ['name', 'slug', 'contactName', 'contactEmail'],
    check: ({ name, slug, contactName, contactEmail }) => ({
      name: name.trim() ? null : 'Vul de naam van de gemeente in.',
      slug: /^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug.trim())
        ? null
        : 'Vul een code in van kleine letters, cijfers en streepjes, zoals "gemeente-voorbeeld".',
      contactName: contactName.trim() ? null : 'Vul de naam van de contactpersoon in.',
      contactEmail: /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(contactEmail.trim())
        ? null
        : 'Vul het e-mailadres van de contactpersoon in.',
    }),
    mutate: async (values) => (await create({ variables: { input: values } })).data?.createMunicipality,
    onSuccess: (payload, data) => {
      setCreated(
        `${payload.municipality?.name ?? 'De gemeente'} is aangemaakt. ${String(data.get('contactName'))} heeft een uitnodiging gekregen als Beheerder.`,
      );
      (document.getElementById('nieuwe-gemeente-form') as HTMLFormElement | null)?.reset();
      onCreated();
    },
  });
  return (
    <section aria-labelledby="nieuwe-gemeente-titel">
      <h2 id="nieuwe-gemeente-titel">Nieuwe gemeente</h2>
      {created ? (
        <Alert variant="success" role="status">
          <p>{created}</p>
        </Alert>
      ) : null}
      <form className="gw-form" id="nieuwe-gemeente-form" {...form.props}>
        {form.summary}
        <TextField label="Naam van de gemeente" required autoComplete="off" {...form.field('name')} />
        <TextField
          label="Code"
          hint="Kleine letters, cijfers en streepjes; uniek op het platform."
          required
          autoComplete="off"
          spellCheck={false}
          {...form.field('slug')}
        />
        <TextField
          label="Naam contactpersoon"
          hint="Wordt de eerste Beheerder."
          required
          {...form.field('contactName')}
        />
        <EmailField label="E-mailadres contactpersoon" required {...form.field('contactEmail')} />
        <button type="submit" className="gw-button" disabled={form.busy}>
          {form.busy ? 'Bezig met aanmaken…' : 'Gemeente aanmaken'}
        </button>
      </form>
    </section>
  );
}
