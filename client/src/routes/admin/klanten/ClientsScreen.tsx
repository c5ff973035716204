import { PlannedFeature } from '../../../components/ui/PlannedFeature';

export default function ClientsScreen() {
  return (
    <PlannedFeature
      title="Klanten"
      description="Hier kunt u straks klantgroepen en personen zoeken op naam, klantnummer of pasnummer."
    />
  );
}
