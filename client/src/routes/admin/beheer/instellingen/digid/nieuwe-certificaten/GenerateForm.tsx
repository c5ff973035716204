import { useMutation } from '@apollo/client/react';
import { TextField } from '@/components/forms/TextField';
import { useMutationForm } from '@/components/forms/useMutationForm';
import { graphql } from '@/graphql/generated';
import { useShowNotice } from '@/lib/notice';
import { refetchQueries } from './rollover.steps';
import { FormSubmit } from '@/components/forms/FormSubmit';

const GenerateDigidKeyDocument = graphql(`
  mutation GenerateDigidKey($input: GenerateDigidKeyInput!) {
    generateDigidKey(input: $input) {
      certificate {
        ...DigidCertificateFields @unmask
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

export function GenerateForm() {
  const showNotice = useShowNotice();
  const [generate] = useMutation(GenerateDigidKeyDocument, { refetchQueries, awaitRefetchQueries: true });
  const form = useMutationForm({
    id: 'nieuw-sleutelpaar',
    fields: ['organization', 'commonName', 'serialNumber'],
    mutate: async (values) =>
      (
        await generate({
          variables: {
            input: {
              organization: values.organization,
              commonName: values.commonName,
              oin: values.serialNumber.trim() || null,
            },
          },
        })
      ).data?.generateDigidKey,
    onSuccess: () =>
      showNotice(
        'Het sleutelpaar en de certificaataanvraag zijn gemaakt. Download de CSR en vraag er het PKIoverheid-certificaat mee aan.',
      ),
  });
  return (
    <section aria-labelledby="stap1-kop">
      <h2 id="stap1-kop">Stap 1: sleutelpaar en certificaataanvraag maken</h2>
      <p>
        De server maakt een nieuw sleutelpaar (RSA 3072). De privésleutel blijft versleuteld op de server en is nergens
        te zien. U krijgt een certificaataanvraag (CSR) die u bij uw leverancier van PKIoverheid-certificaten indient.
      </p>
      <form className="gw-form" {...form.props}>
        {form.summary}
        <TextField
          label="Organisatie (O)"
          hint="De naam van de gemeente, zoals die in het certificaat moet staan. Bijvoorbeeld: Gemeente Zuiderveen."
          autoComplete="organization"
          {...form.field('organization')}
        />
        <TextField
          label="Hostnaam (CN)"
          hint="Het adres van de Gemeentewinkel zonder https://, bijvoorbeeld gemeentewinkel.zuiderveen.nl."
          autoComplete="off"
          spellCheck={false}
          {...form.field('commonName')}
        />
        <TextField
          label="OIN (serialNumber, niet verplicht)"
          hint="Het organisatie-identificatienummer van 20 cijfers, als uw leverancier daarom vraagt."
          inputMode="numeric"
          autoComplete="off"
          {...form.field('serialNumber')}
        />
        <FormSubmit busy={form.busy}>
          {form.busy ? 'Sleutelpaar wordt gemaakt…' : 'Sleutelpaar en CSR maken'}
        </FormSubmit>
      </form>
    </section>
  );
}
