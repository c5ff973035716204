import { PlannedFeature } from '../../../components/ui/PlannedFeature';

export default function OrderScreen() {
  return (
    <PlannedFeature
      title="Bestelling"
      description="Hier kunt u straks een bestelling bekijken met het verloop, en de bestelling annuleren zolang zij niet geleverd is."
    />
  );
}
