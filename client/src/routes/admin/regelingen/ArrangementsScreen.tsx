import { PlannedFeature } from '../../../components/ui/PlannedFeature';

export default function ArrangementsScreen() {
  return (
    <PlannedFeature
      title="Regelingen"
      description="Hier kunt u straks de regelingen van de gemeente zien en het gebruik van het budget per regeling volgen."
    />
  );
}
