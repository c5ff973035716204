import { PlannedFeature } from '../../../../components/ui/PlannedFeature';

export default function PersonOrderScreen() {
  return (
    <PlannedFeature
      title="Bestelling"
      description="Hier kunt u straks een bestelling van deze persoon bekijken, met het verloop van de bestelling."
    />
  );
}
