import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router';
import { formatDate } from '@/components/dates/formatDate';
import { Alert } from '@/components/ui/Alert';
import { graphql } from '@/graphql/generated';
import { urls } from '@/lib/urls';

const DigidCertificateWarningDocument = graphql(`
  query DigidCertificateWarning {
    digidCertificateWarning {
      certificateId
      state
      notAfter
      daysLeft
    }
  }
`);

/**
 * On the dashboard of staff who manage the settings: from 60 days before the DigiD certificate in use (or the next
 * one, once published) expires, a warning with the way to the rollover. Nothing otherwise, also while loading.
 */
export function DigidCertificateWarning() {
  const { data } = useQuery(DigidCertificateWarningDocument, { fetchPolicy: 'cache-and-network' });
  const warning = data?.digidCertificateWarning;
  if (!warning) return null;
  const which = warning.state === 'NEXT' ? 'Het volgende DigiD-certificaat' : 'Het DigiD-certificaat';
  const when =
    warning.daysLeft < 0
      ? `is verlopen op ${formatDate(warning.notAfter)}`
      : `verloopt over ${warning.daysLeft === 1 ? '1 dag' : `${warning.daysLeft} dagen`} (op ${formatDate(warning.notAfter)})`;
  return (
    <Alert variant="warning" title="DigiD-certificaat verloopt binnenkort">
      <p>
        {which} {when}. Daarna kunnen inwoners niet meer met DigiD inloggen. Vraag op tijd een nieuw certificaat aan en
        stap over.
      </p>
      <p>
        <Link to={urls.admin.instellingen.digidCertificates()}>Nieuw DigiD-certificaat aanvragen</Link>
      </p>
    </Alert>
  );
}
