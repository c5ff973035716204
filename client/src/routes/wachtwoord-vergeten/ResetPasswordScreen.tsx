import { PlannedFeature } from '../../components/ui/PlannedFeature';

export default function ResetPasswordScreen() {
  return (
    <PlannedFeature
      title="Nieuw wachtwoord instellen"
      description="Hier kunt u straks met de link uit de e-mail een nieuw wachtwoord instellen."
    />
  );
}
