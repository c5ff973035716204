import { PlannedFeature } from '../../../../components/ui/PlannedFeature';

export default function AssignmentNewScreen() {
  return (
    <PlannedFeature
      title="Nieuwe toewijzing"
      description="Hier kunt u straks een regeling aan deze klantgroep toewijzen, eventueel voor één lid, met een bedrag en een geldigheidsperiode."
    />
  );
}
