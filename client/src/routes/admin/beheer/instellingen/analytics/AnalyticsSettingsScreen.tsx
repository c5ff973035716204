import { PlannedFeature } from '../../../../../components/ui/PlannedFeature';

export default function AnalyticsSettingsScreen() {
  return (
    <PlannedFeature
      title="Analytics"
      description="Hier kunt u straks privacyvriendelijke bezoekersstatistieken aanzetten en instellen. Standaard staan ze uit."
    />
  );
}
