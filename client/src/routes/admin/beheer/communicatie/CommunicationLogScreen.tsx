import { PlannedFeature } from '../../../../components/ui/PlannedFeature';

export default function CommunicationLogScreen() {
  return (
    <PlannedFeature
      title="Communicatie"
      description="Hier kunt u straks zien welke e-mails het systeem heeft verstuurd, aan wie en wanneer."
    />
  );
}
