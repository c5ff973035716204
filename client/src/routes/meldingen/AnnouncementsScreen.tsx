import { PlannedFeature } from '../../components/ui/PlannedFeature';

export default function AnnouncementsScreen() {
  return (
    <PlannedFeature
      title="Meldingen"
      description="Hier kunt u straks de openbare meldingen van de gemeente lezen, bijvoorbeeld over nieuwe regelingen of storingen."
    />
  );
}
