import { PlannedFeature } from '../../../../components/ui/PlannedFeature';

export default function CategoriesScreen() {
  return (
    <PlannedFeature
      title="Categorieën"
      description="Hier kunt u straks de categorieën van het aanbod beheren."
    />
  );
}
