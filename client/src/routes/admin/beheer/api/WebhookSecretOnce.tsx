import { SecretOnce } from './SecretOnce';

/** A webhook's new signing secret, shown this once: the server keeps it only sealed. */
export function WebhookSecretOnce({
  endpointUrl,
  secret,
  onDone,
}: {
  endpointUrl: string;
  secret: string;
  onDone: () => void;
}) {
  return (
    <SecretOnce
      id="webhook-sleutel"
      heading="h3"
      title={<>De ondertekeningssleutel van de webhook naar {endpointUrl}</>}
      warning="Kopieer de sleutel nu en geef hem veilig door aan de partner. Na het sluiten kan niemand hem meer inzien. Kwijt? Maak dan een nieuwe sleutel."
      label="Ondertekeningssleutel"
      secret={secret}
      testId="webhook-secret"
      onDone={onDone}
    />
  );
}
