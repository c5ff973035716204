import { PlannedFeature } from '../../../components/ui/PlannedFeature';

export default function ChangePasswordScreen() {
  return (
    <PlannedFeature
      title="Wachtwoord wijzigen"
      description="Hier kunt u straks het wachtwoord van uw account wijzigen."
    />
  );
}
