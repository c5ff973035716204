import { PlannedFeature } from '../../../components/ui/PlannedFeature';

export default function OrdersScreen() {
  return (
    <PlannedFeature
      title="Bestellingen"
      description="Hier kunt u straks alle bestellingen zoeken en bekijken."
    />
  );
}
