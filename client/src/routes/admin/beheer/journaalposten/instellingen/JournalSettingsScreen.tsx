import { useMutation, useQuery } from '@apollo/client/react';
import { journalLedgerCodeRules, journalCodeRule } from '@rules/journal';
import { Link } from 'react-router';
import { RadioGroup, SelectField } from '@/components/forms/fields';
import { ruleCheck } from '@/components/forms/ruleCheck';
import { TextField } from '@/components/forms/TextField';
import { useMutationForm } from '@/components/forms/useMutationForm';
import { Page } from '@/components/layout/Page';
import { DataTable } from '@/components/ui/DataTable';
import { Loading } from '@/components/ui/Loading';
import { QueryError } from '@/components/ui/QueryError';
import { graphql } from '@/graphql/generated';
import type { JournalAccountKind, JournalLedgerCodesQuery, JournalNumberFormat } from '@/graphql/generated/graphql';
import { useShowNotice } from '@/lib/notice';
import { urls } from '@/lib/urls';
import { JournalLedgerCodesDocument } from '../journal.graphql';
import { JournalMunicipality } from '../JournalMunicipality';
import { NamedOptions } from '@/components/forms/NamedOptions';

const SetJournalLedgerCodeDocument = graphql(`
  mutation SetJournalLedgerCode($input: JournalLedgerCodeInput!) {
    setJournalLedgerCode(input: $input) {
      ledgerCodes {
        municipalityId
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

const UpdateJournalSettingsDocument = graphql(`
  mutation UpdateJournalSettings($input: JournalSettingsInput!) {
    updateJournalSettings(input: $input) {
      ledgerCodes {
        municipalityId
        numberFormat
        journalCode
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

type Codes = NonNullable<JournalLedgerCodesQuery['journalLedgerCodes']>;

/**
 * /admin/beheer/journaalposten/instellingen: the one place for ledger codes. Per municipality, each kind of ledger
 * account gets a general-ledger account and cost centre; the budget kinds can differ per arrangement. Also the
 * export's number format and journal code.
 */
export default function JournalSettingsScreen() {
  return (
    <Page title="Instellingen journaalposten">
      <p>
        Hier legt u vast op welke grootboekrekening en kostenplaats elke soort boeking in de journaalposten komt. De{' '}
        <Link to={urls.admin.beheer.journalEntries()}>journaalposten</Link> gebruiken deze codes bij het exporteren.
      </p>
      <JournalMunicipality none="U heeft geen gemeenten om in te stellen.">
        {(municipalityId) => <Settings key={municipalityId} municipalityId={municipalityId} />}
      </JournalMunicipality>
    </Page>
  );
}

function Settings({ municipalityId }: { municipalityId: string }) {
  const query = useQuery(JournalLedgerCodesDocument, {
    variables: { municipalityId },
    fetchPolicy: 'cache-and-network',
  });
  if (query.error) return <QueryError message="De instellingen konden niet worden geladen." />;
  if (!query.data) return <Loading />;
  const codes = query.data.journalLedgerCodes;
  if (!codes) return <p>Deze gemeente is niet gevonden.</p>;
  return (
    <>
      <section aria-labelledby="rekeningen-kop">
        <h2 id="rekeningen-kop">Grootboekrekeningen</h2>
        {codes.kinds.map((k) => (
          <CodeForm
            key={`${k.kind}|${codes.codes.find((c) => c.kind === k.kind && !c.arrangementId)?.glAccount ?? ''}`}
            municipalityId={municipalityId}
            kind={k.kind}
            title={k.label}
            explanation={k.explanation}
            current={codes.codes.find((c) => c.kind === k.kind && !c.arrangementId) ?? null}
          />
        ))}
      </section>
      <Overrides codes={codes} />
      <FormatForm codes={codes} />
    </>
  );
}

function CodeForm(props: {
  municipalityId: string;
  kind: JournalAccountKind;
  arrangementId?: string;
  title: string;
  explanation?: string;
  current: { glAccount: string; costCentre: string } | null;
}) {
  const showNotice = useShowNotice();
  const [save] = useMutation(SetJournalLedgerCodeDocument, { refetchQueries: ['JournalLedgerCodes', 'JournalPeriod'] });
  const id = `code-${props.kind.toLowerCase()}${props.arrangementId ? `-${props.arrangementId.slice(0, 8)}` : ''}`;
  const form = useMutationForm({
    id,
    fields: ['glAccount', 'costCentre'] as const,
    check: props.arrangementId ? undefined : ruleCheck(journalLedgerCodeRules),
    mutate: async (values) =>
      (
        await save({
          variables: {
            input: {
              municipalityId: props.municipalityId,
              kind: props.kind,
              arrangementId: props.arrangementId ?? null,
              glAccount: values.glAccount.trim(),
              costCentre: values.costCentre.trim(),
            },
          },
        })
      ).data?.setJournalLedgerCode,
    onSuccess: () => showNotice(`De codes voor ‘${props.title}’ zijn opgeslagen.`),
  });
  return (
    <form className="gw-form" {...form.props} aria-labelledby={`${id}-kop`}>
      <h3 id={`${id}-kop`}>{props.title}</h3>
      {props.explanation ? <p className="gw-muted">{props.explanation}</p> : null}
      {form.summary}
      <TextField
        label="Grootboekrekening"
        defaultValue={props.current?.glAccount ?? ''}
        autoComplete="off"
        required={!props.arrangementId}
        {...form.field('glAccount')}
      />
      <TextField
        label="Kostenplaats (optioneel)"
        defaultValue={props.current?.costCentre ?? ''}
        autoComplete="off"
        {...form.field('costCentre')}
      />
      <button type="submit" className="gw-button gw-button--secondary" disabled={form.busy}>
        Opslaan
      </button>
    </form>
  );
}

function Overrides({ codes }: { codes: Codes }) {
  const showNotice = useShowNotice();
  const [save] = useMutation(SetJournalLedgerCodeDocument, { refetchQueries: ['JournalLedgerCodes', 'JournalPeriod'] });
  const perArrangement = codes.kinds.filter((k) => k.perArrangement);
  const overrides = codes.codes.filter((c) => c.arrangementId);
  const form = useMutationForm({
    id: 'afwijkend',
    fields: ['arrangementId', 'kind', 'glAccount', 'costCentre'] as const,
    check: (values) => ({
      arrangementId: values.arrangementId ? null : 'Kies een regeling.',
      ...ruleCheck(journalLedgerCodeRules)(values),
    }),
    mutate: async (values) =>
      (
        await save({
          variables: {
            input: {
              municipalityId: codes.municipalityId,
              arrangementId: values.arrangementId,
              kind: values.kind as JournalAccountKind,
              glAccount: values.glAccount.trim(),
              costCentre: values.costCentre.trim(),
            },
          },
        })
      ).data?.setJournalLedgerCode,
    onSuccess: () => showNotice('De afwijkende codes voor de regeling zijn opgeslagen.'),
  });
  const remove = async (kind: JournalAccountKind, arrangementId: string, name: string) => {
    const r = await save({
      variables: {
        input: { municipalityId: codes.municipalityId, kind, arrangementId, glAccount: '', costCentre: '' },
      },
    });
    if (r.data?.setJournalLedgerCode.errors.length === 0)
      showNotice(`De afwijkende code voor ${name} is verwijderd; de regeling gebruikt weer de codes van de gemeente.`);
  };
  const label = (kind: JournalAccountKind) => codes.kinds.find((k) => k.kind === kind)?.label ?? kind;
  return (
    <section aria-labelledby="regelingen-kop">
      <h2 id="regelingen-kop">Afwijkend per regeling</h2>
      <p>
        Een regeling kan voor het toegekende, bestede en vervallen budget een eigen grootboekrekening en kostenplaats
        hebben. Zonder eigen codes gebruikt zij die van de gemeente.
      </p>
      {overrides.length === 0 ? (
        <p>Er zijn geen afwijkende codes per regeling.</p>
      ) : (
        <DataTable
          caption="Afwijkende codes per regeling"
          hideCaption
          headers={['Regeling', 'Rekening', 'Grootboekrekening', 'Kostenplaats', { label: 'Acties', hidden: true }]}
        >
          {overrides.map((o) => (
            <tr key={`${o.arrangementId}|${o.kind}`} id={`regeling-${o.arrangementId}-${o.kind.toLowerCase()}`}>
              <th scope="row">{o.arrangementName}</th>
              <td>{label(o.kind)}</td>
              <td>{o.glAccount}</td>
              <td>{o.costCentre || '–'}</td>
              <td>
                <button
                  type="button"
                  className="gw-button gw-button--secondary gw-button--small"
                  onClick={() => void remove(o.kind, o.arrangementId!, o.arrangementName ?? 'de regeling')}
                >
                  Verwijderen
                  <span className="gw-visually-hidden">
                    {' '}
                    ({o.arrangementName}, {label(o.kind)})
                  </span>
                </button>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {codes.arrangements.length ? (
        <form className="gw-form" {...form.props} aria-labelledby="afwijkend-kop">
          <h3 id="afwijkend-kop">Afwijkende codes instellen</h3>
          {form.summary}
          <SelectField label="Regeling" defaultValue="" {...form.field('arrangementId')}>
            <option value="">Kies een regeling</option>
            <NamedOptions items={codes.arrangements} />
          </SelectField>
          <SelectField label="Rekening" defaultValue={perArrangement[0]?.kind} {...form.field('kind')}>
            {perArrangement.map((k) => (
              <option key={k.kind} value={k.kind}>
                {k.label}
              </option>
            ))}
          </SelectField>
          <TextField label="Grootboekrekening" autoComplete="off" required {...form.field('glAccount')} />
          <TextField label="Kostenplaats (optioneel)" autoComplete="off" {...form.field('costCentre')} />
          <button type="submit" className="gw-button" disabled={form.busy}>
            Afwijkende codes opslaan
          </button>
        </form>
      ) : null}
    </section>
  );
}

const FORMAT_LABEL: Record<JournalNumberFormat, string> = {
  NL: 'Nederlands: 1.234,56, kolommen gescheiden door een puntkomma (;)',
  INTERNATIONAL: 'Internationaal: 1234.56, kolommen gescheiden door een komma (,)',
};

function FormatForm({ codes }: { codes: Codes }) {
  const showNotice = useShowNotice();
  const [save] = useMutation(UpdateJournalSettingsDocument, { refetchQueries: ['JournalLedgerCodes'] });
  const form = useMutationForm({
    id: 'export',
    fields: ['numberFormat', 'journalCode'] as const,
    check: ruleCheck({ journalCode: journalCodeRule }),
    mutate: async (values) =>
      (
        await save({
          variables: {
            input: {
              municipalityId: codes.municipalityId,
              numberFormat: (values.numberFormat || 'NL') as JournalNumberFormat,
              journalCode: values.journalCode.trim(),
            },
          },
        })
      ).data?.updateJournalSettings,
    onSuccess: () => showNotice('De exportinstellingen zijn opgeslagen.'),
  });
  return (
    <section aria-labelledby="export-kop">
      <h2 id="export-kop">Export</h2>
      <form className="gw-form" {...form.props}>
        {form.summary}
        <RadioGroup
          legend="Notatie van bedragen"
          defaultValue={codes.numberFormat}
          options={(Object.keys(FORMAT_LABEL) as JournalNumberFormat[]).map((value) => ({
            value,
            label: FORMAT_LABEL[value],
          }))}
          {...form.field('numberFormat')}
        />
        <TextField
          label="Dagboekcode"
          hint="De code van het dagboek in uw financiële administratie, bijvoorbeeld GW."
          defaultValue={codes.journalCode}
          autoComplete="off"
          required
          {...form.field('journalCode')}
        />
        <button type="submit" className="gw-button" disabled={form.busy}>
          Exportinstellingen opslaan
        </button>
      </form>
    </section>
  );
}
