import { lazy, Suspense } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { myDetailsRules, notifyWithoutEmail } from '@rules/person';
import { CheckboxField } from '@/components/forms/CheckboxField';
import { ruleCheck } from '@/components/forms/ruleCheck';
import { EmailField, TextField } from '@/components/forms/TextField';
import { useMutationForm } from '@/components/forms/useMutationForm';
import { Page } from '@/components/layout/Page';
import { QueryBoundary } from '@/components/ui/QueryBoundary';
import { graphql } from '@/graphql/generated';
import type { MyDetailsQuery } from '@/graphql/generated/graphql';
import { useShowNotice } from '@/lib/notice';
import { urls } from '@/lib/urls';
import { FormSubmit } from '@/components/forms/FormSubmit';

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

/** Who processed the resident's data: below the fold, loaded when the screen is. */
const DataProcessing = lazy(() => import('./DataProcessing').then((m) => ({ default: m.DataProcessing })));

const FIELDS = ['email', 'phone', 'notifyOrderStatus'] as const;
const check = ruleCheck(myDetailsRules);
const TITLE = 'Gegevens';

/** /account/gegevens: the customer's contact details and notification preference. */
export default function DetailsScreen() {
  return (
    <QueryBoundary
      query={useQuery(MyDetailsDocument)}
      select={(data) => data.myDetails}
      title={TITLE}
      errorMessage="Uw gegevens konden niet worden geladen."
    >
      {(me) => <Details me={me} />}
    </QueryBoundary>
  );
}

function Details({ me }: { me: NonNullable<MyDetailsQuery['myDetails']> }) {
  const showNotice = useShowNotice();
  const [save] = useMutation(UpdateMyDetailsDocument);
  const form = useMutationForm({
    id: 'gegevens',
    fields: FIELDS,
    check: (values, data) => {
      const problems: Partial<Record<(typeof FIELDS)[number], string | null>> = check(values);
      problems.email ??= notifyWithoutEmail(
        data.get('notifyOrderStatus') === 'on',
        values.email.trim() || null,
      )?.message;
      return problems;
    },
    mutate: async ({ email, phone }, data) =>
      (
        await save({
          variables: {
            input: {
              email: email.trim() || null,
              phone: phone.trim() || null,
              notifyOrderStatus: data.get('notifyOrderStatus') === 'on',
            },
          },
        })
      ).data?.updateMyDetails,
    onSuccess: () => showNotice('Uw gegevens zijn opgeslagen.'),
  });

  return (
    <Page
      title={TITLE}
      lead="Uw contactgegevens en hoe u van ons wilt horen. Uw naam en geboortedatum krijgen wij van de gemeente. Klopt er iets niet? Neem dan contact op met de gemeente."
    >
      <dl className="gw-definition-list">
        <dt>Naam</dt>
        <dd>{me.fullName}</dd>
        <dt>Klantnummer</dt>
        <dd>{me.externalIdentifier}</dd>
      </dl>
      <form className="gw-form" {...form.props} key={`${me.email}|${me.phone}|${me.notifyOrderStatus}`}>
        {form.summary}
        <h2>Contactgegevens</h2>
        <EmailField label="E-mailadres" defaultValue={me.email ?? ''} {...form.field('email')} />
        <TextField
          label="Telefoonnummer (niet verplicht)"
          type="tel"
          autoComplete="tel"
          defaultValue={me.phone ?? ''}
          hint="Bijvoorbeeld 06 12345678."
          {...form.field('phone')}
        />
        <h2>Berichten</h2>
        <CheckboxField
          label="Stuur mij een e-mail bij een statuswijziging van een bestelling"
          defaultChecked={me.notifyOrderStatus}
          {...form.field('notifyOrderStatus')}
        />
        <FormSubmit busy={form.busy}>Gegevens opslaan</FormSubmit>
      </form>
      <section aria-labelledby="mijn-gegevens-kop">
        <h2 id="mijn-gegevens-kop">Uw gegevens downloaden</h2>
        <p>
          Hier downloadt u alles wat de Gemeentewinkel over u en uw huishouden bewaart. Dat zijn uw contactgegevens, uw
          huishouden, uw regelingen en tegoed, uw bestellingen en uw berichten. U krijgt één bestand. Dat kunt u bewaren
          of aan iemand anders geven. Wij schrijven op dat u uw gegevens heeft gedownload.
        </p>
        <p>
          <a className="gw-button gw-button--secondary" href={urls.server.myData()} download>
            Mijn gegevens downloaden
          </a>
        </p>
      </section>
      <Suspense fallback={null}>
        <DataProcessing />
      </Suspense>
    </Page>
  );
}
