import { PlannedFeature } from '../../../../components/ui/PlannedFeature';

export default function AssignmentsScreen() {
  return (
    <PlannedFeature
      title="Toewijzingen"
      description="Hier kunt u straks de regelingen zien die aan deze klantgroep zijn toegewezen, met het bedrag, de geldigheid en het resterende tegoed."
    />
  );
}
