import { useMutation } from '@apollo/client/react';
import { TextAreaField } from '@/components/forms/fields';
import { TextField } from '@/components/forms/TextField';
import { useMutationForm } from '@/components/forms/useMutationForm';
import { graphql } from '@/graphql/generated';
import { useShowNotice } from '@/lib/notice';
import { refetchQueries, type Certificate } from './rollover.steps';
import { FormSubmit } from '@/components/forms/FormSubmit';

const UploadDigidCertificateDocument = graphql(`
  mutation UploadDigidCertificate($input: UploadDigidCertificateInput!) {
    uploadDigidCertificate(input: $input) {
      certificate {
        ...DigidCertificateFields @unmask
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

export function UploadForm({ certificate }: { certificate: Certificate }) {
  const showNotice = useShowNotice();
  const [upload] = useMutation(UploadDigidCertificateDocument, { refetchQueries, awaitRefetchQueries: true });
  const id = `upload-${certificate.id.slice(0, 8)}`;
  const form = useMutationForm({
    id,
    fields: ['certificate', 'certificateFile'],
    mutate: async (values, data) => {
      const file = data.get('certificateFile');
      const text = file instanceof File && file.size > 0 ? await file.text() : values.certificate;
      return (await upload({ variables: { input: { id: certificate.id, certificatePem: text } } })).data
        ?.uploadDigidCertificate;
    },
    onSuccess: () => showNotice('Het certificaat is geüpload en past bij het sleutelpaar.'),
  });
  return (
    <form className="gw-form" {...form.props}>
      {form.summary}
      <TextAreaField
        label="Certificaat (PEM) plakken"
        hint="Begint met -----BEGIN CERTIFICATE-----. Of kies hieronder het bestand."
        rows={6}
        spellCheck={false}
        {...form.field('certificate')}
      />
      <TextField
        label="Of: certificaatbestand kiezen"
        type="file"
        accept=".pem,.crt,.cer"
        {...form.field('certificateFile')}
      />
      <FormSubmit busy={form.busy}>Certificaat uploaden</FormSubmit>
    </form>
  );
}
