import { PlannedFeature } from '../../../components/ui/PlannedFeature';

export default function OrdersScreen() {
  return (
    <PlannedFeature
      title="Bestellingen"
      description="Hier kunt u straks uw bestellingen zien, met de status van elke bestelling."
    />
  );
}
