import { PlannedFeature } from '../../../components/ui/PlannedFeature';

export default function ProfileScreen() {
  return (
    <PlannedFeature
      title="Profiel"
      description="Hier kunt u straks de gegevens van uw organisatie beheren (zoals KvK-nummer en IBAN), de gebruikers van uw organisatie, en bij welke gemeenten u aanbieder bent."
    />
  );
}
