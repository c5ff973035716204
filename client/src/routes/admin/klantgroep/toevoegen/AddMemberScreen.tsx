import { useMutation, useQuery } from '@apollo/client/react';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ErrorSummary } from '../../../../components/forms/ErrorSummary';
import { focusFirstError, NETWORK_ERROR, splitErrors } from '../../../../components/forms/formErrors';
import { TextField } from '../../../../components/forms/TextField';
import { Page } from '../../../../components/layout/Page';
import { QueryError } from '../../../../components/ui/QueryError';
import { graphql } from '../../../../graphql/generated';
import { urls } from '../../../../lib/urls';
import { LoadingPage, RecordNotFound } from '../shared';
import { normaliseBsn, validateMember, type MemberField } from './memberValidation';

const AddMemberGroupDocument = graphql(`
  query AddMemberGroup($id: ID!) {
    clientGroup(id: $id) {
      id
      name
      clientNumber
      municipality {
        id
        name
      }
    }
  }
`);

const AddClientGroupMemberDocument = graphql(`
  mutation AddClientGroupMember($input: AddClientGroupMemberInput!) {
    addClientGroupMember(input: $input) {
      person {
        id
        externalIdentifier
        fullName
        cards {
          id
          lastDigits
          status
        }
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

const ORDER: MemberField[] = ['firstName', 'lastName', 'dateOfBirth', 'externalIdentifier', 'email', 'phone', 'bsn'];

/** /admin/klantgroep/:clientId/toevoegen: add a member to a household; they get a new card. */
export default function AddMemberScreen() {
  const { clientId = '' } = useParams();
  const navigate = useNavigate();
  const id = useId();
  const fieldId = (f: MemberField) => `${id}-${f}`;
  const { data, loading, error, refetch } = useQuery(AddMemberGroupDocument, { variables: { id: clientId } });
  const [add] = useMutation(AddClientGroupMemberDocument, { refetchQueries: ['AdminClientGroup'] });
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<MemberField, string>>>({});
  const [general, setGeneral] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  if (loading && !data) return <LoadingPage title="Lid toevoegen" />;
  if (error && !data) {
    return (
      <Page title="Lid toevoegen">
        <QueryError message="De klantgroep kon niet worden geladen." onRetry={() => void refetch()} />
      </Page>
    );
  }
  const group = data?.clientGroup;
  if (!group) return <RecordNotFound title="Klantgroep niet gevonden" />;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = new FormData(event.currentTarget);
    const values = Object.fromEntries(ORDER.map((f) => [f, String(form.get(f) ?? '')])) as Record<MemberField, string>;
    const errors = validateMember(values);
    setFieldErrors(errors);
    setGeneral([]);
    if (Object.keys(errors).length) {
      focusFirstError(ORDER, errors, fieldId);
      return;
    }
    setBusy(true);
    try {
      const result = await add({
        variables: {
          input: {
            clientGroupId: group!.id,
            firstName: values.firstName.trim(),
            lastName: values.lastName.trim(),
            dateOfBirth: values.dateOfBirth,
            externalIdentifier: values.externalIdentifier.trim() || null,
            email: values.email.trim() || null,
            phone: values.phone.trim() || null,
            bsn: normaliseBsn(values.bsn) || null,
          },
        },
      });
      const payload = result.data?.addClientGroupMember;
      if (payload?.person) {
        const card = payload.person.cards.find((c) => c.status === 'ACTIVE');
        void navigate(urls.admin.clientGroup(group!.id), {
          state: {
            notice: `${payload.person.fullName} (${payload.person.externalIdentifier}) is toegevoegd aan het huishouden${card ? ` en heeft een nieuwe pas gekregen, eindigend op ${card.lastDigits}` : ''}.`,
          },
        });
        return;
      }
      const split = splitErrors(payload?.errors ?? [], ORDER);
      setFieldErrors(split.fieldErrors);
      setGeneral(split.general.length ? split.general : payload ? [] : [NETWORK_ERROR]);
      focusFirstError(ORDER, split.fieldErrors, fieldId);
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

  return (
    <Page title="Lid toevoegen" lead={`Aan ${group.name} (${group.clientNumber}, ${group.municipality.name}). Het nieuwe lid krijgt meteen een pas.`}>
      <form className="gw-form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <ErrorSummary items={summary} />
        <TextField id={fieldId('firstName')} label="Voornaam" name="firstName" autoComplete="off" maxLength={120} error={fieldErrors.firstName} required />
        <TextField id={fieldId('lastName')} label="Achternaam" name="lastName" autoComplete="off" maxLength={120} hint="Met tussenvoegsel, bijvoorbeeld ‘de Vries’." error={fieldErrors.lastName} required />
        <TextField id={fieldId('dateOfBirth')} label="Geboortedatum" name="dateOfBirth" type="date" min="1900-01-01" error={fieldErrors.dateOfBirth} required />
        <TextField
          id={fieldId('externalIdentifier')}
          label="Klantnummer (niet verplicht)"
          name="externalIdentifier"
          autoComplete="off"
          maxLength={40}
          hint="Het nummer van deze persoon in het systeem van de gemeente. Laat leeg om een nummer te laten maken."
          error={fieldErrors.externalIdentifier}
        />
        <TextField id={fieldId('email')} label="E-mailadres (niet verplicht)" name="email" type="email" autoComplete="off" error={fieldErrors.email} />
        <TextField id={fieldId('phone')} label="Telefoonnummer (niet verplicht)" name="phone" type="tel" autoComplete="off" error={fieldErrors.phone} />
        <TextField
          id={fieldId('bsn')}
          label="Burgerservicenummer (niet verplicht)"
          name="bsn"
          inputMode="numeric"
          autoComplete="off"
          maxLength={11}
          hint="9 cijfers. Het nummer wordt versleuteld bewaard en daarna alleen afgeschermd getoond."
          error={fieldErrors.bsn}
        />
        <div className="gw-form-actions">
          <button type="submit" className="gw-button" disabled={busy}>
            Lid toevoegen
          </button>
          {busy ? <span role="status">Bezig met opslaan…</span> : null}
        </div>
      </form>
    </Page>
  );
}
