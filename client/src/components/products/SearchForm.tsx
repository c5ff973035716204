import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { urls } from '../../lib/urls';

/** The sort orders in the URL (?sortering=…), with their Dutch labels; '' is the default order. */
export const SORT_OPTIONS = {
  relevantie: 'RELEVANCE',
  nieuwste: 'NEWEST',
  'prijs-oplopend': 'PRICE_ASC',
  'prijs-aflopend': 'PRICE_DESC',
} as const;
export type SortParam = keyof typeof SORT_OPTIONS;

export function isSortParam(value: string): value is SortParam {
  return Object.hasOwn(SORT_OPTIONS, value);
}

interface SearchFormProps {
  /** Current values (from the URL). */
  zoek?: string;
  categorie?: string;
  aanbieder?: string;
  sortering?: string;
  /** When given, a category filter is shown. */
  categories?: ReadonlyArray<{ id: string; name: string }>;
  /** When given, a provider filter is shown. */
  providers?: ReadonlyArray<{ id: string; name: string }>;
  /** Show the sort order choice. */
  showSort?: boolean;
}

/**
 * Search in the offer. Submitting navigates to /aanbod with the terms in the URL
 * (?zoek=…&categorie=…&aanbieder=…&sortering=…), so results can be shared and the Back button works.
 */
export function SearchForm({ zoek = '', categorie = '', aanbieder = '', sortering = '', categories, providers, showSort }: SearchFormProps) {
  const navigate = useNavigate();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const nextZoek = String(data.get('zoek') ?? '');
    const nextCategorie = String(data.get('categorie') ?? '');
    const nextAanbieder = String(data.get('aanbieder') ?? '');
    let nextSortering = String(data.get('sortering') ?? '');
    // "Most relevant" only means something with a search term.
    if (nextSortering === 'relevantie' && !nextZoek.trim()) nextSortering = '';
    void navigate(
      urls.catalogue({
        zoek: nextZoek,
        categorie: nextCategorie || null,
        aanbieder: nextAanbieder || null,
        sortering: nextSortering || null,
      }),
    );
  }

  return (
    // `key` resets the uncontrolled fields when the URL changes (Back/Forward). The option lists arriving later only
    // re-mount their own select (so it picks up its default), never the text the visitor is typing.
    <form
      key={`${zoek}|${categorie}|${aanbieder}|${sortering}`}
      role="search"
      aria-label="Aanbod"
      className="gw-search"
      onSubmit={handleSubmit}
    >
      <div className="gw-field">
        <label className="gw-field__label" htmlFor="zoek">
          Zoeken in het aanbod
        </label>
        <input
          className="gw-input"
          id="zoek"
          name="zoek"
          type="search"
          defaultValue={zoek}
          autoComplete="off"
          enterKeyHint="search"
        />
      </div>
      {categories ? (
        <div className="gw-field">
          <label className="gw-field__label" htmlFor="categorie">
            Categorie
          </label>
          <select key={categories.length} className="gw-select" id="categorie" name="categorie" defaultValue={categorie}>
            <option value="">Alle categorieën</option>
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {providers ? (
        <div className="gw-field">
          <label className="gw-field__label" htmlFor="aanbieder">
            Aanbieder
          </label>
          <select key={providers.length} className="gw-select" id="aanbieder" name="aanbieder" defaultValue={aanbieder}>
            <option value="">Alle aanbieders</option>
            {providers.map((provider) => (
              <option key={provider.id} value={provider.id}>
                {provider.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {showSort ? (
        <div className="gw-field">
          <label className="gw-field__label" htmlFor="sortering">
            Sorteren op
          </label>
          <select className="gw-select" id="sortering" name="sortering" defaultValue={sortering}>
            <option value="">{zoek ? 'Meest relevant' : 'Nieuwste eerst'}</option>
            {zoek ? <option value="nieuwste">Nieuwste eerst</option> : null}
            <option value="prijs-oplopend">Prijs: laag naar hoog</option>
            <option value="prijs-aflopend">Prijs: hoog naar laag</option>
          </select>
        </div>
      ) : null}
      <button type="submit" className="gw-button">
        Zoeken
      </button>
    </form>
  );
}
