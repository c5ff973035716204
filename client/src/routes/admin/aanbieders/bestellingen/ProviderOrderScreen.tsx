import { PlannedFeature } from '../../../../components/ui/PlannedFeature';

export default function ProviderOrderScreen() {
  return (
    <PlannedFeature
      title="Bestelling"
      description="Hier kunt u straks een bestelling bij deze aanbieder bekijken, met het verloop van de bestelling."
    />
  );
}
