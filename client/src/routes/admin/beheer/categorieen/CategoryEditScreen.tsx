import { PlannedFeature } from '../../../../components/ui/PlannedFeature';

export default function CategoryEditScreen() {
  return (
    <PlannedFeature
      title="Categorie bewerken"
      description="Hier kunt u straks de naam en omschrijving van een categorie wijzigen."
    />
  );
}
