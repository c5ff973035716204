import { PlannedFeature } from '../../components/ui/PlannedFeature';

export default function NewsScreen() {
  return (
    <PlannedFeature
      title="Nieuws"
      description="Hier kunt u straks het laatste nieuws over de regelingen en het aanbod lezen."
    />
  );
}
