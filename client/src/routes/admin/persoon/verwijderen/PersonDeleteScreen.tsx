import { useMutation, useQuery } from '@apollo/client/react';
import { useNavigate, useParams } from 'react-router';
import { TextField } from '@/components/forms/TextField';
import { useMutationForm } from '@/components/forms/useMutationForm';
import { Page } from '@/components/layout/Page';
import { Alert } from '@/components/ui/Alert';
import { QueryBoundary } from '@/components/ui/QueryBoundary';
import { graphql } from '@/graphql/generated';
import type { AdminPersonDeleteQuery } from '@/graphql/generated/graphql';
import { withNotice } from '@/lib/notice';
import { urls } from '@/lib/urls';
import { RecordNotFound } from '@/components/ui/RecordNotFound';
import { PersonNav } from '../personShared';
import { FormSubmit } from '@/components/forms/FormSubmit';

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
  return (
    <QueryBoundary
      query={useQuery(AdminPersonDeleteDocument, { variables: { externalIdentifier }, fetchPolicy: 'network-only' })}
      select={(data) => data.person}
      title="Gegevens wissen"
      errorMessage="Deze persoon kon niet worden geladen."
      notFound={<RecordNotFound title="Persoon niet gevonden" />}
    >
      {(person) => <PersonDelete person={person} />}
    </QueryBoundary>
  );
}

function PersonDelete({ person }: { person: NonNullable<AdminPersonDeleteQuery['person']> }) {
  const navigate = useNavigate();
  const [erase] = useMutation(ErasePersonDocument, { refetchQueries: ['AdminClientGroup', 'AdminClientGroups'] });
  const form = useMutationForm({
    id: 'wissen',
    fields: ['confirmation'],
    // Typing the client number is the confirmation: the server compares it too.
    check: ({ confirmation }) => {
      const typed = confirmation.trim();
      if (!typed) return { confirmation: 'Typ het klantnummer van deze persoon om het wissen te bevestigen.' };
      return typed.toLowerCase() === person.externalIdentifier.toLowerCase()
        ? {}
        : { confirmation: 'Het klantnummer klopt niet. Typ precies het klantnummer van deze persoon.' };
    },
    mutate: async ({ confirmation }) =>
      (await erase({ variables: { personId: person.id, confirmation: confirmation.trim() } })).data?.erasePerson,
    onSuccess: ({ person: erased }) =>
      void navigate(urls.admin.clientGroup(person.clientGroupId), {
        state: withNotice(
          `De persoonsgegevens zijn gewist. De persoon heet nu ‘${erased!.fullName}’ (${erased!.externalIdentifier}); bestellingen en boekingen zijn bewaard.`,
        ),
      }),
  });

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
            <p>
              U staat op het punt de persoonsgegevens van {person.fullName} te wissen (recht op vergetelheid, AVG). Dan
              gebeurt het volgende:
            </p>
            <ul>
              <li>
                De naam wordt ‘Geanonimiseerd’; e-mailadres, telefoonnummer, geboortedatum en burgerservicenummer worden
                gewist.
              </li>
              <li>Het klantnummer wordt vervangen door een pseudoniem. Inloggen met DigiD kan niet meer.</li>
              <li>Alle passen van deze persoon worden geblokkeerd.</li>
              <li>
                Bestellingen en boekingen in het grootboek blijven bewaard, maar bevatten geen persoonsgegevens meer.
              </li>
            </ul>
            <p>
              <strong>Dit kunt u niet ongedaan maken.</strong>
            </p>
          </div>
          <form className="gw-form" {...form.props}>
            {form.summary}
            <TextField
              label={`Typ het klantnummer (${person.externalIdentifier}) om te bevestigen`}
              autoComplete="off"
              spellCheck={false}
              required
              {...form.field('confirmation')}
            />
            <FormSubmit busy={form.busy} danger>
              Persoonsgegevens definitief wissen
            </FormSubmit>
          </form>
        </>
      )}
    </Page>
  );
}
