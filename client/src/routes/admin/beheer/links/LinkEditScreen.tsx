import { PlannedFeature } from '../../../../components/ui/PlannedFeature';

export default function LinkEditScreen() {
  return <PlannedFeature title="Link bewerken" description="Hier kunt u straks een link wijzigen of verwijderen." />;
}
