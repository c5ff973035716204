import { PlannedFeature } from '../../../../../components/ui/PlannedFeature';

export default function AdvancedSettingsScreen() {
  return (
    <PlannedFeature
      title="Geavanceerde instellingen"
      description="Hier kunt u straks technische instellingen van het platform wijzigen."
    />
  );
}
