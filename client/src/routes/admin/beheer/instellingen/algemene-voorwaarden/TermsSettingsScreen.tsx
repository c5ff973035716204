import { PlannedFeature } from '../../../../../components/ui/PlannedFeature';

export default function TermsSettingsScreen() {
  return (
    <PlannedFeature
      title="Algemene voorwaarden"
      description="Hier kunt u straks de tekst van de algemene voorwaarden bewerken."
    />
  );
}
