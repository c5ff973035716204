import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { urls } from '../../lib/urls';

interface SearchFormProps {
  /** Current values (from the URL). */
  zoek?: string;
  categorie?: string;
  /** When given, a category filter is shown. */
  categories?: ReadonlyArray<{ id: string; name: string }>;
}

/**
 * Search in the offer. Submitting navigates to /aanbod with the terms in the URL
 * (?zoek=…&categorie=…), so results can be shared and the Back button works.
 */
export function SearchForm({ zoek = '', categorie = '', categories }: SearchFormProps) {
  const navigate = useNavigate();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const nextZoek = String(data.get('zoek') ?? '');
    const nextCategorie = String(data.get('categorie') ?? '');
    void navigate(urls.catalogue({ zoek: nextZoek, categorie: nextCategorie || null }));
  }

  return (
    // `key` resets the uncontrolled fields when the URL changes (Back/Forward).
    <form
      key={`${zoek}|${categorie}|${categories?.length ?? 0}`}
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
          <select className="gw-select" id="categorie" name="categorie" defaultValue={categorie}>
            <option value="">Alle categorieën</option>
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <button type="submit" className="gw-button">
        Zoeken
      </button>
    </form>
  );
}
