import { PlannedFeature } from '../../../../../components/ui/PlannedFeature';
import { useClientConfig } from '../../../../../lib/clientConfig';
import { urls } from '../../../../../lib/urls';

export default function ApiDocumentationScreen() {
  const config = useClientConfig();
  return (
    <PlannedFeature
      title="API-documentatie"
      description="Hier kunt u straks de beschrijving van de GraphQL-API lezen, met per veld de benodigde rechten, en doorgaan naar de GraphQL-sandbox."
    >
      {config?.sandboxEnabled ? (
        <p>
          {/* The sandbox is a separate page served by the server: a full page load. */}
          <a href={urls.server.sandbox()}>Open de GraphQL-sandbox</a>
        </p>
      ) : null}
    </PlannedFeature>
  );
}
