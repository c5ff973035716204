import { PlannedFeature } from '../../../components/ui/PlannedFeature';

export default function AssignmentsScreen() {
  return (
    <PlannedFeature
      title="Regelingen"
      description="Hier kunt u straks zien welke regelingen u heeft, hoeveel tegoed er nog over is en waaraan u het tegoed heeft besteed."
    />
  );
}
