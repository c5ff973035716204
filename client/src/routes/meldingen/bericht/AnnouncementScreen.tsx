import { PlannedFeature } from '../../../components/ui/PlannedFeature';

export default function AnnouncementScreen() {
  return (
    <PlannedFeature
      title="Melding"
      description="Hier kunt u straks een openbare melding van de gemeente in zijn geheel lezen."
    />
  );
}
