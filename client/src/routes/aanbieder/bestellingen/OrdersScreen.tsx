import { PlannedFeature } from '../../../components/ui/PlannedFeature';

export default function OrdersScreen() {
  return (
    <PlannedFeature
      title="Bestellingen"
      description="Hier kunt u straks de bestellingen voor uw organisatie zien, accepteren, afwijzen met een reden en als geleverd markeren."
    />
  );
}
