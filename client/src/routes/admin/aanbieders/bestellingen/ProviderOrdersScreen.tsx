import { PlannedFeature } from '../../../../components/ui/PlannedFeature';

export default function ProviderOrdersScreen() {
  return (
    <PlannedFeature
      title="Bestellingen van de aanbieder"
      description="Hier kunt u straks alle bestellingen bij deze aanbieder zien."
    />
  );
}
