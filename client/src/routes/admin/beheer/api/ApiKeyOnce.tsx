import { SecretOnce } from './SecretOnce';

/** A new API key, shown this once: the server keeps only its hash. */
export function ApiKeyOnce({ clientName, apiKey, onDone }: { clientName: string; apiKey: string; onDone: () => void }) {
  return (
    <SecretOnce
      id="api-sleutel"
      heading="h2"
      title={<>De sleutel van ‘{clientName}’</>}
      warning="Kopieer de sleutel nu en geef hem veilig door aan de partner. Wij bewaren alleen een versleutelde afdruk: na het sluiten kan niemand de sleutel meer inzien. Kwijt? Vervang dan de sleutel."
      label="API-sleutel"
      secret={apiKey}
      testId="api-key"
      onDone={onDone}
    >
      <p>
        De partner stuurt de sleutel mee in elke aanvraag: <code>Authorization: Bearer &lt;sleutel&gt;</code>.
      </p>
    </SecretOnce>
  );
}
