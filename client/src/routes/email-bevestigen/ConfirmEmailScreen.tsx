import { PlannedFeature } from '../../components/ui/PlannedFeature';

export default function ConfirmEmailScreen() {
  return (
    <PlannedFeature
      title="E-mailadres bevestigen"
      description="Hier kunt u straks uw e-mailadres bevestigen met de link uit de e-mail die wij u hebben gestuurd."
    />
  );
}
