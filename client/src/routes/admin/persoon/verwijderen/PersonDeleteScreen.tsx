import { useMutation, useQuery } from '@apollo/client/react';
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { NETWORK_ERROR } from '../../../../components/forms/formErrors';
import { TextField } from '../../../../components/forms/TextField';
import { Page } from '../../../../components/layout/Page';
import { Alert } from '../../../../components/ui/Alert';
import { QueryError } from '../../../../components/ui/QueryError';
import { graphql } from '../../../../graphql/generated';
import { urls } from '../../../../lib/urls';
import { LoadingPage, RecordNotFound } from '../../klantgroep/shared';
import { PersonNav } from '../personShared';

const AdminPersonDeleteDocument = graphql(`
  query AdminPersonDelete($externalIdentifier: String!) {
    person(externalIdentifier: $externalIdentifier) {
      id
      externalIdentifier
      fullName
      erasedAt
      clientGroupId
      clientGroupName
    }
  }
`);

const ErasePersonDocument = graphql(`
  mutation ErasePerson($personId: ID!, $confirmation: String!) {
    erasePerson(personId: $personId, confirmation: $confirmation) {
      person {
        id
        externalIdentifier
        fullName
        erasedAt
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

/**
 * /admin/persoon/:externalIdentifier/verwijderen: erase a person's personal data (AVG) after typing their client
 * number. Orders and bookings stay, under a pseudonym.
 */
export default function PersonDeleteScreen() {
  const { externalIdentifier = '' } = useParams();
  const navigate = useNavigate();
  const { data, loading, error, refetch } = useQuery(AdminPersonDeleteDocument, { variables: { externalIdentifier }, fetchPolicy: 'network-only' });
  const [erase, eraseState] = useMutation(ErasePersonDocument, { refetchQueries: ['AdminClientGroup', 'AdminClientGroups'] });
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  if (loading && !data) return <LoadingPage title="Gegevens wissen" />;
  if (error && !data) {
    return (
      <Page title="Gegevens wissen">
        <QueryError message="Deze persoon kon niet worden geladen." onRetry={() => void refetch()} />
      </Page>
    );
  }
  const person = data?.person;
  if (!person) return <RecordNotFound title="Persoon niet gevonden" />;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = String(new FormData(event.currentTarget).get('confirmation') ?? '').trim();
    setFormError(null);
    if (typed.toLowerCase() !== person!.externalIdentifier.toLowerCase()) {
      setFieldError(typed ? 'Het klantnummer klopt niet. Typ precies het klantnummer van deze persoon.' : 'Typ het klantnummer van deze persoon om het wissen te bevestigen.');
      input.current?.focus();
      return;
    }
    setFieldError(null);
    try {
      const result = await erase({ variables: { personId: person!.id, confirmation: typed } });
      const payload = result.data?.erasePerson;
      if (payload?.person) {
        void navigate(urls.admin.clientGroup(person!.clientGroupId), {
          state: { notice: `De persoonsgegevens zijn gewist. De persoon heet nu ‘${payload.person.fullName}’ (${payload.person.externalIdentifier}); bestellingen en boekingen zijn bewaard.` },
        });
        return;
      }
      const confirmation = payload?.errors.find((e) => e.field === 'confirmation');
      if (confirmation) {
        setFieldError(confirmation.message);
        input.current?.focus();
      } else setFormError(payload?.errors.map((e) => e.message).join(' ') || NETWORK_ERROR);
    } catch {
      setFormError(NETWORK_ERROR);
    }
  }

  return (
    <Page title="Gegevens wissen" lead={`${person.fullName}, klantnummer ${person.externalIdentifier}`}>
      <PersonNav externalIdentifier={person.externalIdentifier} />
      {person.erasedAt ? (
        <Alert variant="info">
          <p>De persoonsgegevens van deze persoon zijn al gewist.</p>
        </Alert>
      ) : (
        <>
          <div className="gw-prose">
            <p>U staat op het punt de persoonsgegevens van {person.fullName} te wissen (recht op vergetelheid, AVG). Dan gebeurt het volgende:</p>
            <ul>
              <li>De naam wordt ‘Geanonimiseerd’; e-mailadres, telefoonnummer, geboortedatum en burgerservicenummer worden gewist.</li>
              <li>Het klantnummer wordt vervangen door een pseudoniem. Inloggen met DigiD kan niet meer.</li>
              <li>Alle passen van deze persoon worden geblokkeerd.</li>
              <li>Bestellingen en boekingen in het grootboek blijven bewaard, maar bevatten geen persoonsgegevens meer.</li>
            </ul>
            <p>
              <strong>Dit kunt u niet ongedaan maken.</strong>
            </p>
          </div>
          {formError ? (
            <Alert variant="error" role="alert">
              <p>{formError}</p>
            </Alert>
          ) : null}
          <form className="gw-form" noValidate onSubmit={(e) => void onSubmit(e)}>
            <TextField
              ref={input}
              label={`Typ het klantnummer (${person.externalIdentifier}) om te bevestigen`}
              name="confirmation"
              autoComplete="off"
              spellCheck={false}
              error={fieldError}
              required
            />
            <div className="gw-form-actions">
              <button type="submit" className="gw-button gw-button--danger" disabled={eraseState.loading}>
                Persoonsgegevens definitief wissen
              </button>
            </div>
          </form>
        </>
      )}
    </Page>
  );
}
