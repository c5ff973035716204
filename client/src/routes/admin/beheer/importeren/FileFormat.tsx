import { IMPORT_COLUMN_HELP, IMPORT_COLUMNS } from '@rules/import';
import { urls } from '@/lib/urls';

/** "Bestandsformaat": the columns of the CSV file, and an example file to download. */
export function FileFormat({ exampleMunicipality }: { exampleMunicipality: string | undefined }) {
  return (
    <details className="gw-details">
      <summary>Bestandsformaat</summary>
      <p>
        Eén regel per persoon. De eerste regel noemt precies deze kolommen (in willekeurige volgorde), gescheiden door
        komma’s of puntkomma’s. Sla het bestand op als CSV: „CSV UTF-8” of, uit Excel, „CSV (gescheiden door
        lijstscheidingsteken)”; de proefrun zegt in welke tekenset het is gelezen.{' '}
        <a href={urls.server.importExample(exampleMunicipality)} download>
          Voorbeeldbestand downloaden
        </a>
      </p>
      <dl className="gw-definition-list">
        {IMPORT_COLUMNS.map((c) => (
          <div key={c}>
            <dt>
              <code>{c}</code>
            </dt>
            <dd>{IMPORT_COLUMN_HELP[c]}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
