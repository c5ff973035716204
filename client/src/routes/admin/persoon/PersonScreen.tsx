import { PlannedFeature } from '../../../components/ui/PlannedFeature';

export default function PersonScreen() {
  return (
    <PlannedFeature
      title="Persoon"
      description="Hier kunt u straks de gegevens van een persoon bekijken. Het burgerservicenummer wordt alleen afgeschermd getoond."
    />
  );
}
