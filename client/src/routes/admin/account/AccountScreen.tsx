import { PlannedFeature } from '../../../components/ui/PlannedFeature';

export default function AccountScreen() {
  return (
    <PlannedFeature
      title="Account"
      description="Hier kunt u straks uw eigen gegevens en wachtwoord wijzigen en tweestapsverificatie instellen."
    />
  );
}
