import { PlannedFeature } from '../../../components/ui/PlannedFeature';

export default function ClientGroupScreen() {
  return (
    <PlannedFeature
      title="Klantgroep"
      description="Hier kunt u straks de leden en de toewijzingen van een klantgroep bekijken."
    />
  );
}
