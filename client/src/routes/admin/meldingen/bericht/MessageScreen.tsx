import { PlannedFeature } from '../../../../components/ui/PlannedFeature';

export default function MessageScreen() {
  return (
    <PlannedFeature
      title="Melding"
      description="Hier kunt u straks een melding bekijken: de tekst, de doelgroep en wanneer zij is verstuurd."
    />
  );
}
