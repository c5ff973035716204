import { PlannedFeature } from '../../../components/ui/PlannedFeature';

export default function ProductNewScreen() {
  return (
    <PlannedFeature
      title="Nieuw product"
      description="Hier kunt u straks een nieuw product aanmaken met titel, omschrijving, prijs, categorie en afbeeldingen, en het ter beoordeling indienen bij de gemeente."
    />
  );
}
