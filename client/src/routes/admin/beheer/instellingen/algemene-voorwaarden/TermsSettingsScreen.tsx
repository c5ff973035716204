import { useQuery } from '@apollo/client/react';
import { Link, useSearchParams } from 'react-router';
import { ContentPageEditor } from '../../../../../components/content/ContentPageEditor';
import { SelectField } from '../../../../../components/forms/fields';
import { Page } from '../../../../../components/layout/Page';
import { graphql } from '../../../../../graphql/generated';
import { urls } from '../../../../../lib/urls';

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
  const [params, setParams] = useSearchParams();
  const providers = params.get('soort') === 'aanbieders';
  const municipalityId = providers ? params.get('gemeente') || null : null;
  const { data } = useQuery(TermsMunicipalitiesDocument, { skip: !providers });
  const base = urls.admin.instellingen.terms();

  return (
    <Page title="Algemene voorwaarden" lead="De voorwaarden voor inwoners en de voorwaarden voor aanbieders.">
      <nav aria-label="Soort voorwaarden">
        <ul className="gw-content-kinds">
          <li>
            <Link to={base} aria-current={!providers ? 'page' : undefined}>
              Voorwaarden voor inwoners
            </Link>
          </li>
          <li>
            <Link to={`${base}?soort=aanbieders`} aria-current={providers ? 'page' : undefined}>
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
            onChange={(e) =>
              setParams(e.target.value ? { soort: 'aanbieders', gemeente: e.target.value } : { soort: 'aanbieders' })
            }
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
