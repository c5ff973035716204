import { PlannedFeature } from '../../../components/ui/PlannedFeature';

export default function ConsoleLoginScreen() {
  return (
    <PlannedFeature
      title="Inloggen beheerconsole"
      description="Hier kunt u straks uw e-mailadres invullen. U krijgt dan een eenmalige inloglink per e-mail."
    />
  );
}
