import { PlannedFeature } from '../../../../components/ui/PlannedFeature';

export default function AccountNewScreen() {
  return (
    <PlannedFeature
      title="Nieuw account"
      description="Hier kunt u straks een account voor een medewerker aanmaken, met een rol en de gemeenten waarvoor het account werkt."
    />
  );
}
