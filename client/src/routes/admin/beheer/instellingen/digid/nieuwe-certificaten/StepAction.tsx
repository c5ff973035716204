import { useMutation } from '@apollo/client/react';
import { formatDate } from '@/components/dates/formatDate';
import { ConfirmAction } from '@/components/forms/ConfirmAction';
import { useMutationForm } from '@/components/forms/useMutationForm';
import { graphql } from '@/graphql/generated';
import { useShowNotice } from '@/lib/notice';
import { refetchQueries, type Certificate } from './rollover.steps';

const PublishDigidCertificateDocument = graphql(`
  mutation PublishDigidCertificate($id: ID!) {
    publishDigidCertificate(id: $id) {
      certificate {
        ...DigidCertificateFields @unmask
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

const ActivateDigidCertificateDocument = graphql(`
  mutation ActivateDigidCertificate($id: ID!) {
    activateDigidCertificate(id: $id) {
      certificate {
        ...DigidCertificateFields @unmask
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

const RetireDigidCertificateDocument = graphql(`
  mutation RetireDigidCertificate($id: ID!) {
    retireDigidCertificate(id: $id) {
      certificate {
        ...DigidCertificateFields @unmask
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

/** One step behind a confirmation: publish, switch over, retire. */
export function StepAction({
  certificate,
  action,
  label,
  confirmLabel,
  notice,
}: {
  certificate: Certificate;
  action: 'publish' | 'activate' | 'retire';
  label: string;
  confirmLabel: string;
  notice: string;
}) {
  const showNotice = useShowNotice();
  const [publish] = useMutation(PublishDigidCertificateDocument, { refetchQueries, awaitRefetchQueries: true });
  const [activate] = useMutation(ActivateDigidCertificateDocument, { refetchQueries, awaitRefetchQueries: true });
  const [retire] = useMutation(RetireDigidCertificateDocument, { refetchQueries, awaitRefetchQueries: true });
  const variables = { id: certificate.id };
  const form = useMutationForm({
    id: `${action}-${certificate.id.slice(0, 8)}`,
    fields: [],
    mutate: async () => {
      if (action === 'publish') return (await publish({ variables })).data?.publishDigidCertificate;
      if (action === 'activate') return (await activate({ variables })).data?.activateDigidCertificate;
      return (await retire({ variables })).data?.retireDigidCertificate;
    },
    onSuccess: () => showNotice(notice),
  });
  return (
    <ConfirmAction
      form={form}
      label={
        <>
          {label}
          <span className="gw-visually-hidden">
            {' '}
            ({certificate.commonName}, aangevraagd {formatDate(certificate.createdAt)})
          </span>
        </>
      }
      confirmLabel={confirmLabel}
      groupLabel={`${label} bevestigen`}
    />
  );
}
