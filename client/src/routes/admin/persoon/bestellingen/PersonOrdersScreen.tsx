import { PlannedFeature } from '../../../../components/ui/PlannedFeature';

export default function PersonOrdersScreen() {
  return (
    <PlannedFeature
      title="Bestellingen van de persoon"
      description="Hier kunt u straks de bestellingen van deze persoon zien."
    />
  );
}
