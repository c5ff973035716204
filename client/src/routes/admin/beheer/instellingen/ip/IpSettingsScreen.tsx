import { PlannedFeature } from '../../../../../components/ui/PlannedFeature';

export default function IpSettingsScreen() {
  return (
    <PlannedFeature
      title="IP-adressen"
      description="Hier kunt u straks instellen vanaf welke IP-adressen de beheeromgeving bereikbaar is. U kunt uzelf daarbij niet buitensluiten."
    />
  );
}
