import { useMutation, useQuery } from '@apollo/client/react';
import { useId, useState, type FormEvent } from 'react';
import { CheckboxField } from '../../../components/forms/CheckboxField';
import { ErrorSummary } from '../../../components/forms/ErrorSummary';
import { focusFirstError, NETWORK_ERROR, splitErrors } from '../../../components/forms/formErrors';
import { TextField } from '../../../components/forms/TextField';
import { validateEmail } from '../../../components/forms/validation';
import { Page } from '../../../components/layout/Page';
import { Alert } from '../../../components/ui/Alert';
import { Loading } from '../../../components/ui/Loading';
import { QueryError } from '../../../components/ui/QueryError';
import { graphql } from '../../../graphql/generated';

const MyDetailsDocument = graphql(`
  query MyDetails {
    myDetails {
      id
      fullName
      externalIdentifier
      email
      phone
      notifyOrderStatus
    }
  }
`);

const UpdateMyDetailsDocument = graphql(`
  mutation UpdateMyDetails($input: UpdateMyDetailsInput!) {
    updateMyDetails(input: $input) {
      person {
        id
        email
        phone
        notifyOrderStatus
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

type Field = 'email' | 'phone' | 'notifyOrderStatus';
const ORDER: Field[] = ['email', 'phone', 'notifyOrderStatus'];

function phoneProblem(value: string): string | null {
  const compact = value.replace(/[\s().-]/g, '');
  if (!compact) return null;
  if (/^0[1-9][0-9]{8}$/.test(compact) || /^(\+|00)31[1-9][0-9]{8}$/.test(compact) || /^\+(?!31)[1-9][0-9]{7,14}$/.test(compact)) return null;
  return 'Vul een geldig telefoonnummer in, bijvoorbeeld 06 12345678 of 020 123 4567.';
}

/** /account/gegevens: the customer's contact details and notification preference. */
export default function DetailsScreen() {
  const id = useId();
  const fieldId = (f: Field) => `${id}-${f}`;
  const { data, loading, error, refetch } = useQuery(MyDetailsDocument);
  const [save] = useMutation(UpdateMyDetailsDocument);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [general, setGeneral] = useState<string[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const me = data?.myDetails;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = new FormData(event.currentTarget);
    const email = String(form.get('email') ?? '').trim();
    const phone = String(form.get('phone') ?? '').trim();
    const notifyOrderStatus = form.get('notifyOrderStatus') === 'on';
    const errors: Partial<Record<Field, string>> = {};
    if (email) {
      const problem = validateEmail(email);
      if (problem) errors.email = problem;
    } else if (notifyOrderStatus) errors.email = 'Vul uw e-mailadres in om e-mail over uw bestellingen te ontvangen.';
    const phoneError = phoneProblem(phone);
    if (phoneError) errors.phone = phoneError;
    setFieldErrors(errors);
    setGeneral([]);
    setNotice(null);
    if (Object.keys(errors).length) {
      focusFirstError(ORDER, errors, fieldId);
      return;
    }
    setBusy(true);
    try {
      const payload = (await save({ variables: { input: { email: email || null, phone: phone || null, notifyOrderStatus } } })).data?.updateMyDetails;
      if (payload?.person) {
        setNotice('Uw gegevens zijn opgeslagen.');
      } else {
        const split = splitErrors(payload?.errors ?? [], ORDER);
        setFieldErrors(split.fieldErrors);
        setGeneral(split.general.length || Object.keys(split.fieldErrors).length ? split.general : [NETWORK_ERROR]);
        focusFirstError(ORDER, split.fieldErrors, fieldId);
      }
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
    <Page title="Gegevens" lead="Uw contactgegevens en hoe u van ons wilt horen. Uw naam en geboortedatum komen van de gemeente; klopt daar iets niet, neem dan contact op met de gemeente.">
      <div aria-busy={loading && !data}>
        {loading && !data ? <Loading /> : null}
        {error && !data ? <QueryError message="Uw gegevens konden niet worden geladen." onRetry={() => void refetch()} /> : null}
        {me ? (
          <>
            <dl className="gw-definition-list">
              <dt>Naam</dt>
              <dd>{me.fullName}</dd>
              <dt>Klantnummer</dt>
              <dd>{me.externalIdentifier}</dd>
            </dl>
            <div aria-live="polite">
              {notice ? (
                <Alert variant="success">
                  <p>{notice}</p>
                </Alert>
              ) : null}
            </div>
            <form className="gw-form" noValidate onSubmit={(e) => void onSubmit(e)} key={`${me.email}|${me.phone}|${me.notifyOrderStatus}`}>
              <ErrorSummary items={summary} />
              <h2>Contactgegevens</h2>
              <TextField id={fieldId('email')} label="E-mailadres" name="email" type="email" autoComplete="email" defaultValue={me.email ?? ''} error={fieldErrors.email} />
              <TextField
                id={fieldId('phone')}
                label="Telefoonnummer (niet verplicht)"
                name="phone"
                type="tel"
                autoComplete="tel"
                defaultValue={me.phone ?? ''}
                hint="Bijvoorbeeld 06 12345678."
                error={fieldErrors.phone}
              />
              <h2>Berichten</h2>
              <CheckboxField
                id={fieldId('notifyOrderStatus')}
                label="Stuur mij een e-mail bij een statuswijziging van een bestelling"
                name="notifyOrderStatus"
                defaultChecked={me.notifyOrderStatus}
                error={fieldErrors.notifyOrderStatus}
              />
              <div className="gw-form-actions">
                <button type="submit" className="gw-button" disabled={busy}>
                  Gegevens opslaan
                </button>
                {busy ? <span role="status">Bezig met opslaan…</span> : null}
              </div>
            </form>
          </>
        ) : null}
      </div>
    </Page>
  );
}
