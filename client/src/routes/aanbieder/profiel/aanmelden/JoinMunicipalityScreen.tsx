import { PlannedFeature } from '../../../../components/ui/PlannedFeature';

export default function JoinMunicipalityScreen() {
  return (
    <PlannedFeature
      title="Aanmelden bij gemeente"
      description="Hier kunt u straks de voorwaarden van deze gemeente lezen en accepteren, en uw organisatie als aanbieder bij deze gemeente aanmelden."
    />
  );
}
