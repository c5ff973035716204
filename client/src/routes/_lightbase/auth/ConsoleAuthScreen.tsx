import { PlannedFeature } from '../../../components/ui/PlannedFeature';

export default function ConsoleAuthScreen() {
  return (
    <PlannedFeature
      title="Inloggen beheerconsole"
      description="Hier wordt u straks met de eenmalige link uit uw e-mail ingelogd in de beheerconsole."
    />
  );
}
