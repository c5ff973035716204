import { useMutation, useQuery } from '@apollo/client/react';
import { ageRangeText, assignmentRules, periodProblem } from '@rules/arrangement';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { SelectField, TextAreaField } from '@/components/forms/fields';
import { ruleCheck } from '@/components/forms/ruleCheck';
import { TextField } from '@/components/forms/TextField';
import { useMutationForm } from '@/components/forms/useMutationForm';
import { Page } from '@/components/layout/Page';
import { EuroField } from '@/components/money/EuroField';
import { centsOrText, centsToEuroInput, parseEuros } from '@/components/money/euros';
import { formatCents } from '@/components/money/formatCents';
import { Loading } from '@/components/ui/Loading';
import { QueryBoundary } from '@/components/ui/QueryBoundary';
import { QueryError } from '@/components/ui/QueryError';
import { graphql } from '@/graphql/generated';
import type { GrantArrangementsQuery, NewAssignmentGroupQuery } from '@/graphql/generated/graphql';
import { withNotice } from '@/lib/notice';
import { urls } from '@/lib/urls';
import { formatDay } from '../shared';
import { RecordNotFound } from '@/components/ui/RecordNotFound';

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

/** The municipality's arrangements that still run (a choice, not a list screen: the first hundred). */
const GrantArrangementsDocument = graphql(`
  query GrantArrangements($municipalityId: ID!) {
    arrangements(filter: { municipalityId: $municipalityId, current: true }, first: 100) {
      edges {
        node {
          id
          name
          validFrom
          validUntil
          defaultAmountCents
          minAge
          maxAge
        }
      }
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

type Group = NonNullable<NewAssignmentGroupQuery['clientGroup']>;
type Arrangement = GrantArrangementsQuery['arrangements']['edges'][number]['node'];

const FIELDS = [
  'arrangementId',
  'beneficiaryId',
  'amountCents',
  'validFrom',
  'validUntil',
  'ageExceptionReason',
] as const;
const check = ruleCheck(assignmentRules);
const TITLE = 'Nieuwe toewijzing';

/** /admin/klantgroep/:clientId/toewijzingen/nieuw: grant an arrangement of the household's municipality. */
export default function AssignmentNewScreen() {
  const { clientId = '' } = useParams();
  return (
    <QueryBoundary
      query={useQuery(NewAssignmentGroupDocument, { variables: { id: clientId } })}
      select={(data) => data.clientGroup}
      title={TITLE}
      errorMessage="De klantgroep kon niet worden geladen."
      notFound={<RecordNotFound title="Klantgroep niet gevonden" />}
    >
      {(group) => (
        <Page
          title={TITLE}
          lead={`Voor ${group.name} (${group.clientNumber}, ${group.municipality.name}). Het bedrag wordt meteen in het grootboek geboekt.`}
        >
          <GrantArrangements group={group} />
        </Page>
      )}
    </QueryBoundary>
  );
}

function GrantArrangements({ group }: { group: Group }) {
  const query = useQuery(GrantArrangementsDocument, {
    variables: { municipalityId: group.municipality.id },
    fetchPolicy: 'cache-and-network',
  });
  const arrangements = query.data?.arrangements.edges.map((e) => e.node);
  return (
    <div aria-busy={query.loading && !query.data}>
      {query.loading && !query.data ? <Loading /> : null}
      {query.error && !query.data ? (
        <QueryError message="De regelingen konden niet worden geladen." onRetry={() => void query.refetch()} />
      ) : null}
      {arrangements?.length === 0 ? (
        <p>{group.municipality.name} heeft geen regelingen die nog lopen. Maak eerst een regeling aan.</p>
      ) : null}
      {arrangements?.length ? <GrantForm group={group} arrangements={arrangements} /> : null}
    </div>
  );
}

function GrantForm({ group, arrangements }: { group: Group; arrangements: readonly Arrangement[] }) {
  const navigate = useNavigate();
  const [grant] = useMutation(GrantAssignmentDocument, { refetchQueries: ['AdminAssignments', 'AdminClientGroup'] });
  // Choosing an arrangement fills in its amount and validity; they stay editable.
  const [values, setValues] = useState({
    arrangementId: '',
    beneficiaryId: '',
    amountCents: '',
    validFrom: '',
    validUntil: '',
    ageExceptionReason: '',
  });
  const chosen = arrangements.find((a) => a.id === values.arrangementId) ?? null;
  // The confirmation step: what will be sent, shown in words before it is sent; null while the form is being filled.
  const [pending, setPending] = useState<FormData | null>(null);
  const confirmHeading = useRef<HTMLHeadingElement>(null);
  const submitButton = useRef<HTMLButtonElement>(null);
  const opened = useRef(false);
  useEffect(() => {
    if (pending) confirmHeading.current?.focus();
    // Back to the submit button after "Wijzigen" (an error summary that took the focus keeps it).
    else if (opened.current && (!document.activeElement || document.activeElement === document.body))
      submitButton.current?.focus();
    opened.current ||= !!pending;
  }, [pending]);
  const problemsOf = (v: Record<(typeof FIELDS)[number], string>) => {
    const problems: Partial<Record<(typeof FIELDS)[number], string | null>> = check({
      ...v,
      amountCents: centsOrText(v.amountCents),
    });
    if (!chosen) problems.arrangementId = 'Kies een regeling.';
    if (!problems.validFrom && !problems.validUntil) {
      problems.validUntil =
        periodProblem(v.validFrom, v.validUntil)?.message ??
        (chosen && (v.validFrom < chosen.validFrom || v.validUntil > chosen.validUntil)
          ? 'De geldigheid moet binnen de looptijd van de regeling vallen.'
          : null);
    }
    return problems;
  };
  const form = useMutationForm({
    id: 'toewijzing',
    fields: FIELDS,
    check: problemsOf,
    mutate: async (v) =>
      (
        await grant({
          variables: {
            input: {
              clientGroupId: group.id,
              arrangementId: v.arrangementId,
              beneficiaryId: v.beneficiaryId || null,
              amountCents: parseEuros(v.amountCents),
              validFrom: v.validFrom,
              validUntil: v.validUntil,
              ageExceptionReason: v.ageExceptionReason.trim() || null,
            },
          },
        })
      ).data?.grantAssignment,
    onSuccess: ({ assignment: a }) =>
      void navigate(urls.admin.clientGroupAssignments(group.id), {
        state: withNotice(
          `${a!.arrangementName} is toegekend${a!.beneficiaryName ? ` aan ${a!.beneficiaryName}` : ''}: ${formatCents(a!.amountCents).replace(/\u00a0/g, ' ')}.`,
        ),
      }),
  });

  function chooseArrangement(arrangementId: string) {
    const a = arrangements.find((x) => x.id === arrangementId);
    setPending(null);
    setValues((v) => ({
      ...v,
      arrangementId,
      amountCents: a ? centsToEuroInput(a.defaultAmountCents) : '',
      validFrom: a?.validFrom ?? '',
      validUntil: a?.validUntil ?? '',
    }));
  }
  const bind = (field: Exclude<(typeof FIELDS)[number], 'arrangementId'>) => ({
    ...form.field(field),
    value: values[field],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setPending(null);
      setValues((v) => ({ ...v, [field]: value }));
    },
  });

  // Sending first asks for confirmation; input with problems goes straight to the form's checks and summary.
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const v = Object.fromEntries(FIELDS.map((f) => [f, String(data.get(f) ?? '')])) as Record<
      (typeof FIELDS)[number],
      string
    >;
    if (Object.values(problemsOf(v)).some(Boolean)) void form.submit(data);
    else setPending(data);
  }
  const ageRange = chosen ? ageRangeText(chosen.minAge, chosen.maxAge) : null;
  const beneficiary = group.members.find((m) => m.id === values.beneficiaryId);
  const cents = parseEuros(values.amountCents);

  return (
    <form className="gw-form" {...form.props} onSubmit={onSubmit}>
      {form.summary}
      <SelectField
        label="Regeling"
        value={values.arrangementId}
        onChange={(e) => chooseArrangement(e.currentTarget.value)}
        required
        {...form.field('arrangementId')}
      >
        <option value="">Kies een regeling</option>
        {arrangements.map((a) => (
          <option key={a.id} value={a.id}>
            {a.name} (standaard {formatCents(a.defaultAmountCents)})
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Voor wie"
        hint="Een tegoed voor één lid (bijvoorbeeld een kind) of voor het hele huishouden."
        {...bind('beneficiaryId')}
      >
        <option value="">Het hele huishouden</option>
        {group.members
          .filter((m) => !m.erasedAt)
          .map((m) => (
            <option key={m.id} value={m.id}>
              {m.fullName}
            </option>
          ))}
      </SelectField>
      <EuroField
        label="Bedrag in euro"
        hint="Bijvoorbeeld 150,00. Standaard het bedrag van de regeling."
        required
        {...bind('amountCents')}
      />
      <TextField
        label="Geldig vanaf"
        type="date"
        min={chosen?.validFrom}
        max={chosen?.validUntil}
        required
        {...bind('validFrom')}
      />
      <TextField
        label="Geldig tot en met"
        type="date"
        min={chosen?.validFrom}
        max={chosen?.validUntil}
        hint={
          chosen
            ? `De regeling loopt van ${formatDay(chosen.validFrom)} tot en met ${formatDay(chosen.validUntil)}.`
            : undefined
        }
        required
        {...bind('validUntil')}
      />
      {chosen && ageRange ? (
        <TextAreaField
          label="Reden om toch toe te kennen (alleen buiten de leeftijd)"
          rows={2}
          hint={`${chosen.name} is voor personen ${ageRange}. Kent u de regeling toe aan iemand buiten die leeftijd, of aan het hele huishouden, geef dan een reden op (3 tot 500 tekens). De leeftijd telt op de dag van toekennen, of op de eerste geldige dag als die later ligt.`}
          {...bind('ageExceptionReason')}
        />
      ) : null}
      {pending && chosen ? (
        <section className="gw-confirm" aria-labelledby="toewijzing-bevestigen">
          <h2 id="toewijzing-bevestigen" ref={confirmHeading} tabIndex={-1}>
            Controleer de toewijzing
          </h2>
          <p>
            U kent {cents === null ? values.amountCents : formatCents(cents)} toe aan{' '}
            {beneficiary ? beneficiary.fullName : `het hele huishouden ${group.name}`} voor {chosen.name}, geldig van{' '}
            {formatDay(values.validFrom)} tot en met {formatDay(values.validUntil)}. Klopt dit?
          </p>
          <div className="gw-form-actions" role="group" aria-label="Toewijzing bevestigen">
            <button
              type="button"
              className="gw-button"
              disabled={form.busy}
              onClick={() => void form.submit(pending).finally(() => setPending(null))}
            >
              Bevestigen
            </button>
            <button type="button" className="gw-button gw-button--secondary" onClick={() => setPending(null)}>
              Wijzigen
            </button>
          </div>
        </section>
      ) : (
        <div className="gw-form-actions">
          <button ref={submitButton} type="submit" className="gw-button" disabled={form.busy}>
            Toewijzing toekennen
          </button>
        </div>
      )}
    </form>
  );
}
