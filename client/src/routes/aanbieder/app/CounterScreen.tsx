import { PlannedFeature } from '../../../components/ui/PlannedFeature';

export default function CounterScreen() {
  return (
    <PlannedFeature
      title="Kassa-app"
      description="Hier kunt u straks aan de balie het pasnummer van een klant invoeren of scannen, de open bestellingen van die klant zien en ze als geleverd markeren."
    />
  );
}
