import { PlannedFeature } from '../../../components/ui/PlannedFeature';

export default function ArrangementEditScreen() {
  return (
    <PlannedFeature
      title="Regeling bewerken"
      description="Hier kunt u straks een regeling wijzigen."
    />
  );
}
