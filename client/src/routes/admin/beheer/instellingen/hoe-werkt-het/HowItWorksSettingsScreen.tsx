import { PlannedFeature } from '../../../../../components/ui/PlannedFeature';

export default function HowItWorksSettingsScreen() {
  return (
    <PlannedFeature
      title="Hoe werkt het"
      description="Hier kunt u straks de tekst van de pagina Hoe werkt het bewerken."
    />
  );
}
