import { useMutation, useQuery } from '@apollo/client/react';
import { memberRules, normaliseBsn } from '@rules/person';
import { useNavigate, useParams } from 'react-router';
import { ruleCheck } from '@/components/forms/ruleCheck';
import { EmailField, TextField } from '@/components/forms/TextField';
import { useMutationForm } from '@/components/forms/useMutationForm';
import { Page } from '@/components/layout/Page';
import { QueryBoundary } from '@/components/ui/QueryBoundary';
import { graphql } from '@/graphql/generated';
import type { AddMemberGroupQuery } from '@/graphql/generated/graphql';
import { withNotice } from '@/lib/notice';
import { urls } from '@/lib/urls';
import { RecordNotFound } from '@/components/ui/RecordNotFound';
import { FormSubmit } from '@/components/forms/FormSubmit';

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

const FIELDS = ['firstName', 'lastName', 'dateOfBirth', 'externalIdentifier', 'email', 'phone', 'bsn'] as const;
const TITLE = 'Lid toevoegen';

/** Today (YYYY-MM-DD) in the Netherlands on this device, for the instant check only: the server checks with its clock. */
function todayHere(): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Amsterdam',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
}

/** /admin/klantgroep/:clientId/toevoegen: add a member to a household; they get a new card. */
export default function AddMemberScreen() {
  const { clientId = '' } = useParams();
  return (
    <QueryBoundary
      query={useQuery(AddMemberGroupDocument, { variables: { id: clientId } })}
      select={(data) => data.clientGroup}
      title={TITLE}
      errorMessage="De klantgroep kon niet worden geladen."
      notFound={<RecordNotFound title="Klantgroep niet gevonden" />}
    >
      {(group) => <AddMember group={group} />}
    </QueryBoundary>
  );
}

function AddMember({ group }: { group: NonNullable<AddMemberGroupQuery['clientGroup']> }) {
  const navigate = useNavigate();
  const [add] = useMutation(AddClientGroupMemberDocument, { refetchQueries: ['AdminClientGroup'] });
  const form = useMutationForm({
    id: 'lid',
    fields: FIELDS,
    check: (values) => ruleCheck(memberRules(todayHere()))(values),
    mutate: async (v) =>
      (
        await add({
          variables: {
            input: {
              clientGroupId: group.id,
              firstName: v.firstName.trim(),
              lastName: v.lastName.trim(),
              dateOfBirth: v.dateOfBirth,
              externalIdentifier: v.externalIdentifier.trim() || null,
              email: v.email.trim() || null,
              phone: v.phone.trim() || null,
              bsn: normaliseBsn(v.bsn) || null,
            },
          },
        })
      ).data?.addClientGroupMember,
    onSuccess: ({ person }) => {
      const card = person!.cards.find((c) => c.status === 'ACTIVE');
      void navigate(urls.admin.clientGroup(group.id), {
        state: withNotice(
          `${person!.fullName} (${person!.externalIdentifier}) is toegevoegd aan het huishouden${card ? ` en heeft een nieuwe pas gekregen, eindigend op ${card.lastDigits}` : ''}.`,
        ),
      });
    },
  });

  return (
    <Page
      title={TITLE}
      lead={`Aan ${group.name} (${group.clientNumber}, ${group.municipality.name}). Het nieuwe lid krijgt meteen een pas.`}
    >
      <form className="gw-form" {...form.props}>
        {form.summary}
        <TextField label="Voornaam" autoComplete="off" maxLength={120} required {...form.field('firstName')} />
        <TextField
          label="Achternaam"
          autoComplete="off"
          maxLength={120}
          hint="Met tussenvoegsel, bijvoorbeeld ‘de Vries’."
          required
          {...form.field('lastName')}
        />
        <TextField label="Geboortedatum" type="date" min="1900-01-01" required {...form.field('dateOfBirth')} />
        <TextField
          label="Klantnummer (niet verplicht)"
          autoComplete="off"
          maxLength={40}
          hint="Het nummer van deze persoon in het systeem van de gemeente. Laat leeg om een nummer te laten maken."
          {...form.field('externalIdentifier')}
        />
        <EmailField label="E-mailadres (niet verplicht)" autoComplete="off" {...form.field('email')} />
        <TextField label="Telefoonnummer (niet verplicht)" type="tel" autoComplete="off" {...form.field('phone')} />
        <TextField
          label="Burgerservicenummer (niet verplicht)"
          inputMode="numeric"
          autoComplete="off"
          maxLength={11}
          hint="9 cijfers. Het nummer wordt versleuteld bewaard en daarna alleen afgeschermd getoond."
          {...form.field('bsn')}
        />
        <FormSubmit busy={form.busy}>Lid toevoegen</FormSubmit>
      </form>
    </Page>
  );
}
