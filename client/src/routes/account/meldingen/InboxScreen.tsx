import { PlannedFeature } from '../../../components/ui/PlannedFeature';

export default function InboxScreen() {
  return (
    <PlannedFeature
      title="Meldingen"
      description="Hier kunt u straks de persoonlijke berichten lezen die de gemeente en aanbieders u sturen."
    />
  );
}
