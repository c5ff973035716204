import { useEffect } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { Link, useNavigate, useParams } from 'react-router';
import { TextField } from '@/components/forms/TextField';
import { useMutationForm, type MutationForm } from '@/components/forms/useMutationForm';
import { formatDate } from '@/components/dates/formatDate';
import { Page } from '@/components/layout/Page';
import { Money } from '@/components/money/Money';
import { QueryBoundary } from '@/components/ui/QueryBoundary';
import { Loading } from '@/components/ui/Loading';
import { QueryError } from '@/components/ui/QueryError';
import { graphql } from '@/graphql/generated';
import type { NextPeriodArrangementQuery, RegrantPreviewQuery } from '@/graphql/generated/graphql';
import { withNotice } from '@/lib/notice';
import { urls } from '@/lib/urls';
import { RecordNotFound } from '@/components/ui/RecordNotFound';
import { DataTable } from '@/components/ui/DataTable';
import { countOf } from '@/lib/plural';

const NextPeriodArrangementDocument = graphql(`
  query NextPeriodArrangement($id: ID!) {
    arrangement(id: $id) {
      id
      name
      validFrom
      validUntil
      municipality {
        id
        name
      }
      previousPeriodArrangementId
      nextPeriodArrangementId
    }
  }
`);

const CopyArrangementDocument = graphql(`
  mutation CopyArrangementToNextPeriod($id: ID!, $name: String) {
    copyArrangementToNextPeriod(id: $id, name: $name) {
      arrangement {
        id
        name
        validFrom
        validUntil
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

const RegrantPreviewDocument = graphql(`
  query RegrantPreview($arrangementId: ID!) {
    regrantPreview(arrangementId: $arrangementId) {
      preview {
        arrangementId
        sourceArrangementName
        validFrom
        validUntil
        total
        grantable
        refused
        alreadyDone
        totalAmountCents
        rows {
          id
          clientGroupId
          clientNumber
          householdName
          beneficiaryName
          amountCents
          grantable
          alreadyDone
          reason
        }
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
    latestRegrantRun(arrangementId: $arrangementId) {
      id
      status
      total
      granted
      skipped
      finishedAt
    }
  }
`);

const StartRegrantDocument = graphql(`
  mutation StartRegrant($arrangementId: ID!) {
    startRegrant(arrangementId: $arrangementId) {
      run {
        id
        status
        total
        granted
        skipped
        finishedAt
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

type Arrangement = NonNullable<NextPeriodArrangementQuery['arrangement']>;

/**
 * /admin/regelingen/:arrangementId/volgende-periode: copy the arrangement to its next period, and (for a copy) grant
 * it again to the previous period's holders, after a preview of who gets what under every granting rule.
 */
export default function NextPeriodScreen() {
  const { arrangementId = '' } = useParams();
  const query = useQuery(NextPeriodArrangementDocument, {
    variables: { id: arrangementId },
    fetchPolicy: 'cache-and-network',
  });
  return (
    <QueryBoundary
      query={query}
      select={(data) => data.arrangement ?? null}
      title="Volgende periode"
      errorMessage="Deze regeling kon niet worden geladen."
      notFound={
        <RecordNotFound
          title="Regeling niet gevonden"
          back={{ to: urls.admin.arrangements(), label: 'Naar alle regelingen' }}
        >
          <p>Deze regeling bestaat niet, of hoort bij een gemeente waarvoor u niet werkt.</p>
        </RecordNotFound>
      }
    >
      {(a) => (
        <Page
          title={`Volgende periode: ${a.name}`}
          crumb="Volgende periode"
          lead={`${a.municipality.name}, geldig van ${formatDate(a.validFrom)} tot en met ${formatDate(a.validUntil)}.`}
        >
          <p>
            <Link to={urls.admin.arrangement(a.id)}>Terug naar de regeling</Link>
          </p>
          <CopySection arrangement={a} />
          {a.previousPeriodArrangementId ? <RegrantSection arrangement={a} /> : null}
        </Page>
      )}
    </QueryBoundary>
  );
}

function CopySection({ arrangement: a }: { arrangement: Arrangement }) {
  const navigate = useNavigate();
  const [copy] = useMutation(CopyArrangementDocument, { refetchQueries: ['AdminArrangements'] });
  const form = useMutationForm({
    id: 'kopie',
    fields: ['name'] as const,
    mutate: async (v) =>
      (await copy({ variables: { id: a.id, name: v.name.trim() || null } })).data?.copyArrangementToNextPeriod,
    onSuccess: ({ arrangement: c }) =>
      void navigate(urls.admin.arrangementNextPeriod(c!.id), {
        state: withNotice(
          `De regeling ‘${c!.name}’ is aangemaakt, geldig van ${formatDate(c!.validFrom)} tot en met ${formatDate(c!.validUntil)}.`,
        ),
      }),
  });
  return (
    <section aria-labelledby="kopie-kop">
      <h2 id="kopie-kop">Kopiëren naar de volgende periode</h2>
      {a.nextPeriodArrangementId ? (
        <p>
          Deze regeling is al gekopieerd naar de volgende periode.{' '}
          <Link to={urls.admin.arrangementNextPeriod(a.nextPeriodArrangementId)}>
            Naar de regeling van de volgende periode
          </Link>
        </p>
      ) : (
        <form className="gw-form" {...form.props}>
          {form.summary}
          <p>
            De kopie krijgt dezelfde regels (bedrag, categorieën, eigen bijdrage, leeftijden). De looptijd schuift op
            met de lengte van deze periode en begint de dag na {formatDate(a.validUntil)}.
          </p>
          <TextField
            label="Naam van de nieuwe regeling (niet verplicht)"
            hint="Leeg laten: dezelfde naam met het nieuwe jaartal."
            maxLength={120}
            {...form.field('name')}
          />
          <button type="submit" className="gw-button" disabled={form.busy}>
            Kopiëren naar de volgende periode
          </button>
        </form>
      )}
    </section>
  );
}

function RegrantSection({ arrangement: a }: { arrangement: Arrangement }) {
  const query = useQuery(RegrantPreviewDocument, {
    variables: { arrangementId: a.id },
    fetchPolicy: 'cache-and-network',
  });
  const running = query.data?.latestRegrantRun && query.data.latestRegrantRun.status !== 'DONE';
  // While the bulk grant runs in the background, its progress is fetched every two seconds.
  const { startPolling, stopPolling } = query;
  useEffect(() => {
    if (running) startPolling(2000);
    else stopPolling();
    return () => stopPolling();
  }, [running, startPolling, stopPolling]);
  const [start] = useMutation(StartRegrantDocument, { refetchQueries: ['RegrantPreview'] });
  const form = useMutationForm({
    id: 'opnieuw',
    fields: [] as const,
    mutate: async () => (await start({ variables: { arrangementId: a.id } })).data?.startRegrant,
  });
  return (
    <section aria-labelledby="opnieuw-kop">
      <h2 id="opnieuw-kop">Opnieuw toekennen aan de houders van de vorige periode</h2>
      {query.data ? (
        <RegrantPreviewView data={query.data} running={Boolean(running)} form={form} />
      ) : query.error ? (
        <QueryError message="Het voorbeeld kon niet worden geladen." onRetry={() => void query.refetch()} />
      ) : (
        <Loading label="Het voorbeeld wordt geladen…" />
      )}
    </section>
  );
}

function RegrantPreviewView({
  data,
  running,
  form,
}: {
  data: RegrantPreviewQuery;
  running: boolean;
  form: MutationForm<never>;
}) {
  const p = data.regrantPreview.preview;
  const run = data.latestRegrantRun;
  if (!p) return <p>{data.regrantPreview.errors.map((e) => e.message).join(' ')}</p>;
  return (
    <>
      <p>
        Voorbeeld: wie van de houders van ‘{p.sourceArrangementName}’ deze regeling krijgt, met alle regels voor
        toekennen toegepast. Er wordt niets toegekend totdat u op de knop drukt; wie al is toegekend, krijgt het geen
        tweede keer.
      </p>
      <dl className="gw-stats">
        <div className="gw-stat">
          <dt>Houders vorige periode</dt>
          <dd>{p.total}</dd>
        </div>
        <div className="gw-stat">
          <dt>Krijgen het toegekend</dt>
          <dd>{p.grantable}</dd>
        </div>
        <div className="gw-stat">
          <dt>Niet toe te kennen</dt>
          <dd>{p.refused}</dd>
        </div>
        <div className="gw-stat">
          <dt>Al toegekend</dt>
          <dd>{p.alreadyDone}</dd>
        </div>
        <div className="gw-stat">
          <dt>Totaal toe te kennen</dt>
          <dd>
            <Money cents={p.totalAmountCents} />
          </dd>
        </div>
      </dl>
      <div role="status" aria-live="polite">
        {run ? (
          run.status === 'DONE' ? (
            <p>
              Opnieuw toekennen is klaar: {run.granted} toegekend, {run.skipped} overgeslagen.
            </p>
          ) : (
            <p>
              Bezig met opnieuw toekennen op de achtergrond ({run.granted + run.skipped} van {run.total})…
            </p>
          )
        ) : null}
      </div>
      {p.grantable > 0 && !running ? (
        <form className="gw-form" {...form.props}>
          {form.summary}
          <button type="submit" className="gw-button" disabled={form.busy}>
            Opnieuw toekennen aan {countOf(p.grantable, 'houder', 'houders')}
          </button>
        </form>
      ) : null}
      <DataTable
        caption="Houders van de vorige periode"
        headers={['Huishouden', 'Klantnummer', 'Voor', 'Bedrag', 'Uitkomst']}
      >
        {p.rows.map((r) => (
          <tr key={r.id}>
            <th scope="row">
              <Link to={urls.admin.clientGroupAssignments(r.clientGroupId)}>{r.householdName}</Link>
            </th>
            <td>{r.clientNumber}</td>
            <td>{r.beneficiaryName ?? 'Het hele huishouden'}</td>
            <td>{r.amountCents == null ? '–' : <Money cents={r.amountCents} />}</td>
            <td>{r.grantable ? 'Wordt toegekend' : r.alreadyDone ? 'Al toegekend' : r.reason}</td>
          </tr>
        ))}
      </DataTable>
    </>
  );
}
