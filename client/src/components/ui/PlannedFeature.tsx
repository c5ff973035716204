import type { ReactNode } from 'react';
import { Page } from '../layout/Page';

interface PlannedFeatureProps {
  /** The page title (h1 and document title). */
  title: string;
  /** What the user will be able to do here, starting with "Hier kunt u straks …". */
  description: string;
  /** Optional related links shown under the explanation. */
  children?: ReactNode;
}

/**
 * A screen whose functionality comes in a later release: a real page with its title,
 * breadcrumbs and a plain-Dutch explanation, never a blank screen.
 */
export function PlannedFeature({ title, description, children }: PlannedFeatureProps) {
  return (
    <Page title={title}>
      <div className="gw-planned">
        <p>
          <strong>Deze functie is nog in ontwikkeling.</strong> {description}
        </p>
        <p>Deze pagina wordt in een volgende versie van de Gemeentewinkel beschikbaar.</p>
      </div>
      {children}
    </Page>
  );
}
