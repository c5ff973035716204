import { useQuery } from '@apollo/client/react';
import { Page } from '@/components/layout/Page';
import { QueryBoundary } from '@/components/ui/QueryBoundary';
import { DigidSettingsDocument } from '../digidShared';
import { GenerateForm } from './GenerateForm';
import { Rollover } from './Rollover';
import { RetiredCertificates } from './RetiredCertificates';
import { RolloverGuide } from './RolloverGuide';

/**
 * /admin/beheer/instellingen/digid/nieuwe-certificaten: a new key pair and CSR, the issued certificate uploaded (checked
 * against the key and its validity), published as the next certificate, switched over to, and the old one retired —
 * so there is never a moment in which log-in fails. Each step is confirmed and audited.
 */
export default function DigidCertificatesScreen() {
  return (
    <QueryBoundary
      query={useQuery(DigidSettingsDocument, { fetchPolicy: 'cache-and-network' })}
      select={(data) => data.digidSettings}
      title="Nieuwe DigiD-certificaten"
      errorMessage="De DigiD-certificaten konden niet worden geladen."
    >
      {(settings) => {
        const current = settings.certificates.find((c) => c.state === 'CURRENT');
        const hasNext = settings.certificates.some((c) => c.state === 'NEXT');
        const inProgress = settings.certificates.filter((c) =>
          ['PENDING', 'READY', 'NEXT', 'PREVIOUS'].includes(c.state),
        );
        const retired = settings.certificates.filter((c) => c.state === 'RETIRED');
        return (
          <Page
            title="Nieuwe DigiD-certificaten"
            lead="Stap op tijd over op een nieuw certificaat, zonder moment waarop inloggen niet lukt."
          >
            <RolloverGuide current={current} />
            <GenerateForm />
            <section aria-labelledby="lopend-kop">
              <h2 id="lopend-kop">Lopende wissels</h2>
              {inProgress.length ? (
                inProgress.map((c) => (
                  <Rollover key={c.id} certificate={c} hasCurrent={Boolean(current)} hasNext={hasNext} />
                ))
              ) : (
                <p className="gw-muted">Er loopt geen wissel. Begin met stap 1.</p>
              )}
            </section>
            <RetiredCertificates certificates={retired} />
          </Page>
        );
      }}
    </QueryBoundary>
  );
}
