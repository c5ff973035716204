import { PlannedFeature } from '../../../../../components/ui/PlannedFeature';

export default function TemplateEditScreen() {
  return (
    <PlannedFeature
      title="Sjabloon bewerken"
      description="Hier kunt u straks een e-mailsjabloon wijzigen en vooraf bekijken hoe de e-mail eruitziet."
    />
  );
}
