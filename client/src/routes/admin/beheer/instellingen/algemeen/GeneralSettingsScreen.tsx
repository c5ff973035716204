import { PlannedFeature } from '../../../../../components/ui/PlannedFeature';

export default function GeneralSettingsScreen() {
  return (
    <PlannedFeature
      title="Algemene instellingen"
      description="Hier kunt u straks de naam, de huisstijlkleuren, het logo en de contactgegevens van de website instellen."
    />
  );
}
