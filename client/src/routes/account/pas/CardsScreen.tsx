import { PlannedFeature } from '../../../components/ui/PlannedFeature';

export default function CardsScreen() {
  return (
    <PlannedFeature
      title="Pas"
      description="Hier kunt u straks de passen van uw huishouden zien en een verloren pas blokkeren."
    />
  );
}
