import { graphql } from '@/graphql/generated';
import { countOf } from '@/lib/plural';

export const DigidCertificateFields = graphql(`
  fragment DigidCertificateFields on DigidCertificate {
    id
    state
    organization
    commonName
    oin
    csrPem
    certificatePem
    subject
    issuer
    serial
    notBefore
    notAfter
    daysLeft
    createdAt
    uploadedAt
    publishedAt
    activatedAt
    supersededAt
    retiredAt
  }
`);

export const DigidSettingsDocument = graphql(`
  query DigidSettings {
    digidSettings {
      mode
      entityId
      metadataUrl
      assuranceLevel
      warningDays
      certificates {
        ...DigidCertificateFields @unmask
      }
    }
  }
`);

/** "45 dagen", "1 dag", "verlopen". */
export function daysLeftLabel(days: number | null | undefined): string {
  if (days == null) return '—';
  if (days < 0) return 'verlopen';
  return countOf(days, 'dag', 'dagen');
}

/** The certificate serial in pairs of hexadecimal digits, as certificate viewers show it. */
export function formatSerial(serial: string | null | undefined): string {
  if (!serial) return '—';
  return (
    serial
      .toUpperCase()
      .replace(/^0+(?=..)/, '')
      .match(/.{1,2}/g)
      ?.join(':') ?? serial
  );
}
