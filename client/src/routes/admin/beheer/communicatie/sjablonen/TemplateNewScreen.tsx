import { PlannedFeature } from '../../../../../components/ui/PlannedFeature';

export default function TemplateNewScreen() {
  return (
    <PlannedFeature
      title="Nieuw sjabloon"
      description="Hier kunt u straks een e-mailsjabloon maken met variabelen, en vooraf bekijken hoe de e-mail eruitziet."
    />
  );
}
