import { PlannedFeature } from '../../../components/ui/PlannedFeature';

export default function DetailsScreen() {
  return (
    <PlannedFeature
      title="Gegevens"
      description="Hier kunt u straks uw contactgegevens wijzigen en kiezen welke berichten u per e-mail wilt ontvangen."
    />
  );
}
