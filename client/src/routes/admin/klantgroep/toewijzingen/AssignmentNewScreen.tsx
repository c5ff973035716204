import { useMutation, useQuery } from '@apollo/client/react';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ErrorSummary } from '../../../../components/forms/ErrorSummary';
import { SelectField } from '../../../../components/forms/fields';
import { focusFirstError, NETWORK_ERROR } from '../../../../components/forms/formErrors';
import { TextField } from '../../../../components/forms/TextField';
import { Page } from '../../../../components/layout/Page';
import { centsToEuroInput, parseEuros } from '../../../../components/money/euros';
import { formatCents } from '../../../../components/money/formatCents';
import { Loading } from '../../../../components/ui/Loading';
import { QueryError } from '../../../../components/ui/QueryError';
import { graphql } from '../../../../graphql/generated';
import { urls } from '../../../../lib/urls';
import { formatDay, LoadingPage, RecordNotFound } from '../shared';

const NewAssignmentGroupDocument = graphql(`
  query NewAssignmentGroup($id: ID!) {
    clientGroup(id: $id) {
      id
      name
      clientNumber
      municipality {
        id
        name
      }
      members {
        id
        fullName
        erasedAt
      }
    }
  }
`);

const GrantArrangementsDocument = graphql(`
  query GrantArrangements($municipalityId: ID!) {
    arrangements(municipalityId: $municipalityId) {
      id
      name
      validFrom
      validUntil
      defaultAmountCents
    }
  }
`);

const GrantAssignmentDocument = graphql(`
  mutation GrantAssignment($input: GrantAssignmentInput!) {
    grantAssignment(input: $input) {
      assignment {
        id
        arrangementName
        beneficiaryName
        amountCents
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

type Field = 'arrangementId' | 'beneficiaryId' | 'amount' | 'validFrom' | 'validUntil';
const ORDER: Field[] = ['arrangementId', 'beneficiaryId', 'amount', 'validFrom', 'validUntil'];
const SERVER_FIELD: Record<string, Field> = {
  arrangementId: 'arrangementId',
  beneficiaryId: 'beneficiaryId',
  amountCents: 'amount',
  validFrom: 'validFrom',
  validUntil: 'validUntil',
};
const MAX_CENTS = 10_000_000;

function todayInAmsterdam(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

/** /admin/klantgroep/:clientId/toewijzingen/nieuw: grant an arrangement of the household's municipality. */
export default function AssignmentNewScreen() {
  const { clientId = '' } = useParams();
  const navigate = useNavigate();
  const id = useId();
  const fieldId = (f: Field) => `${id}-${f}`;
  const groupQuery = useQuery(NewAssignmentGroupDocument, { variables: { id: clientId } });
  const group = groupQuery.data?.clientGroup;
  const arrangementsQuery = useQuery(GrantArrangementsDocument, {
    variables: { municipalityId: group?.municipality.id ?? '' },
    skip: !group,
    fetchPolicy: 'cache-and-network',
  });
  const [grant] = useMutation(GrantAssignmentDocument, { refetchQueries: ['AdminAssignments', 'AdminClientGroup'] });
  const [values, setValues] = useState({ arrangementId: '', beneficiaryId: '', amount: '', validFrom: '', validUntil: '' });
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [general, setGeneral] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  if (groupQuery.loading && !groupQuery.data) return <LoadingPage title="Nieuwe toewijzing" />;
  if (groupQuery.error && !groupQuery.data) {
    return (
      <Page title="Nieuwe toewijzing">
        <QueryError message="De klantgroep kon niet worden geladen." onRetry={() => void groupQuery.refetch()} />
      </Page>
    );
  }
  if (!group) return <RecordNotFound title="Klantgroep niet gevonden" />;

  const today = todayInAmsterdam();
  const arrangements = (arrangementsQuery.data?.arrangements ?? []).filter((a) => a.validUntil >= today);
  const chosen = arrangements.find((a) => a.id === values.arrangementId) ?? null;
  const members = group.members.filter((m) => !m.erasedAt);

  function chooseArrangement(arrangementId: string) {
    const a = arrangements.find((x) => x.id === arrangementId);
    setValues((v) => ({
      ...v,
      arrangementId,
      amount: a ? centsToEuroInput(a.defaultAmountCents) : '',
      validFrom: a ? a.validFrom : '',
      validUntil: a ? a.validUntil : '',
    }));
    setFieldErrors((e) => ({ ...e, arrangementId: undefined }));
  }

  function validate(): { errors: Partial<Record<Field, string>>; cents: number | null } {
    const errors: Partial<Record<Field, string>> = {};
    if (!chosen) errors.arrangementId = 'Kies een regeling.';
    const cents = parseEuros(values.amount);
    if (!values.amount.trim()) errors.amount = 'Vul een bedrag in, bijvoorbeeld 150,00.';
    else if (cents === null) errors.amount = 'Vul een bedrag in euro’s in, bijvoorbeeld 150,00.';
    else if (cents < 1 || cents > MAX_CENTS) errors.amount = 'Vul een bedrag in van minstens € 0,01 en hoogstens € 100.000,00.';
    if (!values.validFrom) errors.validFrom = 'Vul een geldige begindatum in.';
    if (!values.validUntil) errors.validUntil = 'Vul een geldige einddatum in.';
    else if (values.validFrom && values.validUntil < values.validFrom) errors.validUntil = 'De einddatum ligt vóór de begindatum.';
    else if (chosen && values.validFrom && (values.validFrom < chosen.validFrom || values.validUntil > chosen.validUntil)) {
      errors.validUntil = 'De geldigheid moet binnen de looptijd van de regeling vallen.';
    }
    return { errors, cents };
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const { errors, cents } = validate();
    setFieldErrors(errors);
    setGeneral([]);
    if (Object.keys(errors).length) {
      focusFirstError(ORDER, errors, fieldId);
      return;
    }
    setBusy(true);
    try {
      const result = await grant({
        variables: {
          input: {
            clientGroupId: group!.id,
            arrangementId: values.arrangementId,
            beneficiaryId: values.beneficiaryId || null,
            amountCents: cents,
            validFrom: values.validFrom,
            validUntil: values.validUntil,
          },
        },
      });
      const payload = result.data?.grantAssignment;
      if (payload?.assignment) {
        const a = payload.assignment;
        void navigate(urls.admin.clientGroupAssignments(group!.id), {
          state: {
            notice: `${a.arrangementName} is toegekend${a.beneficiaryName ? ` aan ${a.beneficiaryName}` : ''}: ${formatCents(a.amountCents).replace(/\u00a0/g, ' ')}.`,
          },
        });
        return;
      }
      const server: Partial<Record<Field, string>> = {};
      const rest: string[] = [];
      for (const e of payload?.errors ?? []) {
        const field = e.field ? SERVER_FIELD[e.field] : undefined;
        if (field) server[field] ??= e.message;
        else rest.push(e.message);
      }
      setFieldErrors(server);
      setGeneral(rest.length || Object.keys(server).length ? rest : [NETWORK_ERROR]);
      focusFirstError(ORDER, server, fieldId);
    } catch {
      setGeneral([NETWORK_ERROR]);
    } finally {
      setBusy(false);
    }
  }

  const summary = [
    ...general.map((message) => ({ fieldId: null, message })),
    ...ORDER.filter((f) => fieldErrors[f]).map((f) => ({ fieldId: fieldId(f), message: fieldErrors[f]! })),
  ];
  const set = (field: Field) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setValues((v) => ({ ...v, [field]: value }));
  };

  return (
    <Page title="Nieuwe toewijzing" lead={`Voor ${group.name} (${group.clientNumber}, ${group.municipality.name}). Het bedrag wordt meteen in het grootboek geboekt.`}>
      <div aria-busy={arrangementsQuery.loading}>
        {arrangementsQuery.loading && !arrangementsQuery.data ? <Loading /> : null}
        {arrangementsQuery.error && !arrangementsQuery.data ? (
          <QueryError message="De regelingen konden niet worden geladen." onRetry={() => void arrangementsQuery.refetch()} />
        ) : null}
        {arrangementsQuery.data && arrangements.length === 0 ? (
          <p>{group.municipality.name} heeft geen regelingen die nog lopen. Maak eerst een regeling aan.</p>
        ) : null}
        {arrangements.length > 0 ? (
          <form className="gw-form" noValidate onSubmit={(e) => void onSubmit(e)}>
            <ErrorSummary items={summary} />
            <SelectField
              id={fieldId('arrangementId')}
              label="Regeling"
              name="arrangementId"
              value={values.arrangementId}
              onChange={(e) => chooseArrangement(e.currentTarget.value)}
              error={fieldErrors.arrangementId}
              required
            >
              <option value="">Kies een regeling</option>
              {arrangements.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name} (standaard {formatCents(a.defaultAmountCents)})
                </option>
              ))}
            </SelectField>
            <SelectField
              id={fieldId('beneficiaryId')}
              label="Voor wie"
              name="beneficiaryId"
              value={values.beneficiaryId}
              onChange={set('beneficiaryId')}
              hint="Een tegoed voor één lid (bijvoorbeeld een kind) of voor het hele huishouden."
              error={fieldErrors.beneficiaryId}
            >
              <option value="">Het hele huishouden</option>
              {members.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.fullName}
                </option>
              ))}
            </SelectField>
            <TextField
              id={fieldId('amount')}
              label="Bedrag in euro"
              name="amount"
              inputMode="decimal"
              autoComplete="off"
              value={values.amount}
              onChange={set('amount')}
              hint="Bijvoorbeeld 150,00. Standaard het bedrag van de regeling."
              error={fieldErrors.amount}
              required
            />
            <TextField
              id={fieldId('validFrom')}
              label="Geldig vanaf"
              name="validFrom"
              type="date"
              value={values.validFrom}
              onChange={set('validFrom')}
              min={chosen?.validFrom}
              max={chosen?.validUntil}
              error={fieldErrors.validFrom}
              required
            />
            <TextField
              id={fieldId('validUntil')}
              label="Geldig tot en met"
              name="validUntil"
              type="date"
              value={values.validUntil}
              onChange={set('validUntil')}
              min={chosen?.validFrom}
              max={chosen?.validUntil}
              hint={chosen ? `De regeling loopt van ${formatDay(chosen.validFrom)} tot en met ${formatDay(chosen.validUntil)}.` : undefined}
              error={fieldErrors.validUntil}
              required
            />
            <div className="gw-form-actions">
              <button type="submit" className="gw-button" disabled={busy}>
                Toewijzing toekennen
              </button>
              {busy ? <span role="status">Bezig met toekennen…</span> : null}
            </div>
          </form>
        ) : null}
      </div>
    </Page>
  );
}
