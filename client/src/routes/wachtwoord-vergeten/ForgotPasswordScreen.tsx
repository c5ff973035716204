import { PlannedFeature } from '../../components/ui/PlannedFeature';

export default function ForgotPasswordScreen() {
  return (
    <PlannedFeature
      title="Wachtwoord vergeten"
      description="Hier kunt u straks uw e-mailadres invullen. U krijgt dan een e-mail met een link om een nieuw wachtwoord in te stellen."
    />
  );
}
