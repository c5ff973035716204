import { PlannedFeature } from '../../../../components/ui/PlannedFeature';

export default function RejectedProductsScreen() {
  return (
    <PlannedFeature
      title="Afgekeurde producten"
      description="Hier kunt u straks de afgekeurde producten zien, met de reden van afkeuring."
    />
  );
}
