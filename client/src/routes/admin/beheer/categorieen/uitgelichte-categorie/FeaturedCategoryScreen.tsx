import { PlannedFeature } from '../../../../../components/ui/PlannedFeature';

export default function FeaturedCategoryScreen() {
  return (
    <PlannedFeature
      title="Uitgelichte categorie"
      description="Hier kunt u straks kiezen welke categorie op de startpagina wordt uitgelicht."
    />
  );
}
