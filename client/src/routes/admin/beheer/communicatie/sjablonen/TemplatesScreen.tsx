import { PlannedFeature } from '../../../../../components/ui/PlannedFeature';

export default function TemplatesScreen() {
  return (
    <PlannedFeature
      title="Sjablonen"
      description="Hier kunt u straks de sjablonen van de e-mails beheren die het systeem verstuurt."
    />
  );
}
