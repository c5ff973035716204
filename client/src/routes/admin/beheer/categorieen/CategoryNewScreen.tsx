import { PlannedFeature } from '../../../../components/ui/PlannedFeature';

export default function CategoryNewScreen() {
  return (
    <PlannedFeature
      title="Nieuwe categorie"
      description="Hier kunt u straks een categorie aanmaken met een naam en een omschrijving."
    />
  );
}
