import { PlannedFeature } from '../../../../components/ui/PlannedFeature';

export default function PersonCardScreen() {
  return (
    <PlannedFeature
      title="Pas"
      description="Hier kunt u straks de pas van deze persoon bekijken, blokkeren of vervangen."
    />
  );
}
