import { PlannedFeature } from '../../../../../components/ui/PlannedFeature';

export default function PrivacySettingsScreen() {
  return (
    <PlannedFeature title="Privacybeleid" description="Hier kunt u straks de tekst van het privacybeleid bewerken." />
  );
}
