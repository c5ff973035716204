import { PlannedFeature } from '../../../../components/ui/PlannedFeature';

export default function LinksScreen() {
  return (
    <PlannedFeature
      title="Links"
      description="Hier kunt u straks de links beheren die onderaan de website en bij de handige links staan."
    />
  );
}
