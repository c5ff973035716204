import { PlannedFeature } from '../../../components/ui/PlannedFeature';

export default function ProviderRegisterScreen() {
  return (
    <PlannedFeature
      title="Aanmelden als aanbieder"
      description="Hier kunt u straks uw organisatie aanmelden als aanbieder: u vult uw organisatiegegevens en uw eigen gegevens in, bevestigt uw e-mailadres en de gemeente beoordeelt uw aanmelding."
    />
  );
}
