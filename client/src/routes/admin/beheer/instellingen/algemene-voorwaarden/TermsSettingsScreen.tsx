import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router';
import { ContentPageEditor } from '@/components/content/ContentPageEditor';
import { SelectField } from '@/components/forms/fields';
import { Page } from '@/components/layout/Page';
import { graphql } from '@/graphql/generated';
import { searchParams, urls } from '@/lib/urls';
import { useUrlState } from '@/lib/urlState';

const TermsMunicipalitiesDocument = graphql(`
  query TermsMunicipalities {
    municipalities {
      id
      name
    }
  }
`);

/**
 * /admin/beheer/instellingen/algemene-voorwaarden: the terms in two kinds. `?soort=aanbieders` shows the providers'
 * terms (platform-wide, or with `&gemeente=<id>` a municipality's own); otherwise the residents' terms (/voorwaarden).
 */
export default function TermsSettingsScreen() {
  const url = useUrlState();
  const providers = url.get(searchParams.termsKind) === 'aanbieders';
  const municipalityId = providers ? url.get(searchParams.municipality) : null;
  const { data } = useQuery(TermsMunicipalitiesDocument, { skip: !providers });

  return (
    <Page title="Algemene voorwaarden" lead="De voorwaarden voor inwoners en de voorwaarden voor aanbieders.">
      <nav aria-label="Soort voorwaarden">
        <ul className="gw-content-kinds">
          <li>
            <Link to={urls.admin.instellingen.terms()} aria-current={!providers ? 'page' : undefined}>
              Voorwaarden voor inwoners
            </Link>
          </li>
          <li>
            <Link to={urls.admin.instellingen.terms({})} aria-current={providers ? 'page' : undefined}>
              Voorwaarden voor aanbieders
            </Link>
          </li>
        </ul>
      </nav>
      {providers ? (
        <>
          <p>
            Aanbieders accepteren deze voorwaarden bij het aanmelden en bij het aansluiten bij een gemeente. Een
            gemeente kan eigen voorwaarden hebben; die gelden dan bij het aansluiten bij die gemeente.
          </p>
          <SelectField
            label="Voorwaarden van"
            name="gemeente"
            value={municipalityId ?? ''}
            onChange={(e) => url.set({ [searchParams.municipality]: e.target.value })}
          >
            <option value="">Het hele platform</option>
            {(data?.municipalities ?? []).map((m) => (
              <option key={m.id} value={m.id}>
                {m.name} (eigen voorwaarden)
              </option>
            ))}
          </SelectField>
          <ContentPageEditor
            key={municipalityId ?? 'platform'}
            page="TERMS_PROVIDERS"
            municipalityId={municipalityId}
            name="de voorwaarden voor aanbieders"
            publishWarning="Na het publiceren zijn dit de geldende voorwaarden: elke aanbieder moet ze accepteren voordat hij bij de volgende keer inloggen verder kan."
            id="voorwaarden-aanbieders"
          />
        </>
      ) : (
        <ContentPageEditor
          page="TERMS_RESIDENTS"
          name="de voorwaarden voor inwoners"
          publicUrl={urls.terms()}
          id="voorwaarden-inwoners"
        />
      )}
    </Page>
  );
}
