import { PlannedFeature } from '../../components/ui/PlannedFeature';

export default function CartScreen() {
  return (
    <PlannedFeature
      title="Winkelwagen"
      description="Hier kunt u straks uw gekozen producten bekijken, zien welk deel uw tegoed betaalt en welk deel u eventueel zelf betaalt, en uw bestelling afronden."
    />
  );
}
