import { PlannedFeature } from '../../../components/ui/PlannedFeature';

export default function ProviderScreen() {
  return (
    <PlannedFeature
      title="Aanbieder"
      description="Hier kunt u straks de gegevens en de aanmeldingen van een aanbieder bekijken en de aanbieder goedkeuren of afwijzen."
    />
  );
}
