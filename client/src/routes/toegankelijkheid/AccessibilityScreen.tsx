import { PlannedFeature } from '../../components/ui/PlannedFeature';

export default function AccessibilityScreen() {
  return (
    <PlannedFeature
      title="Toegankelijkheid"
      description="Hier kunt u straks de toegankelijkheidsverklaring van deze website lezen, en hoe u een probleem met de toegankelijkheid meldt."
    />
  );
}
