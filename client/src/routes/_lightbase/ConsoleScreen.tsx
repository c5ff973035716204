import { PlannedFeature } from '../../components/ui/PlannedFeature';

export default function ConsoleScreen() {
  return (
    <PlannedFeature
      title="Beheerconsole"
      description="Hier kunt u straks als medewerker van de leverancier het platform ondersteunen, over alle gemeenten heen. Alles wat u hier doet wordt vastgelegd."
    />
  );
}
