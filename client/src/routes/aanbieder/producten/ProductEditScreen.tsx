import { PlannedFeature } from '../../../components/ui/PlannedFeature';

export default function ProductEditScreen() {
  return (
    <PlannedFeature
      title="Product bewerken"
      description="Hier kunt u straks een product wijzigen, opnieuw indienen en de reden lezen als de gemeente het product heeft afgekeurd."
    />
  );
}
