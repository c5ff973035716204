import { PlannedFeature } from '../../../../components/ui/PlannedFeature';

export default function ProviderProductsScreen() {
  return (
    <PlannedFeature
      title="Producten van de aanbieder"
      description="Hier kunt u straks alle producten van deze aanbieder zien, in elke status."
    />
  );
}
