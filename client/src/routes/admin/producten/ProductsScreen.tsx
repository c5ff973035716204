import { PlannedFeature } from '../../../components/ui/PlannedFeature';

export default function ProductsScreen() {
  return (
    <PlannedFeature
      title="Producten"
      description="Hier kunt u straks de ingediende producten beoordelen: goedkeuren of afkeuren met een reden."
    />
  );
}
