import { PlannedFeature } from '../../../components/ui/PlannedFeature';

export default function OrderScreen() {
  return (
    <PlannedFeature
      title="Bestelling"
      description="Hier kunt u straks een bestelling bekijken en accepteren, afwijzen met een reden of als geleverd markeren."
    />
  );
}
