import { PlannedFeature } from '../../../../components/ui/PlannedFeature';

export default function AccountEditScreen() {
  return (
    <PlannedFeature
      title="Account bewerken"
      description="Hier kunt u straks een account van een medewerker wijzigen of blokkeren."
    />
  );
}
