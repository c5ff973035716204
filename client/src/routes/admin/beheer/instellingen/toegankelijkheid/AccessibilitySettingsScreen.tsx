import { PlannedFeature } from '../../../../../components/ui/PlannedFeature';

export default function AccessibilitySettingsScreen() {
  return (
    <PlannedFeature
      title="Toegankelijkheid"
      description="Hier kunt u straks de tekst van de toegankelijkheidsverklaring bewerken."
    />
  );
}
