import { PlannedFeature } from '../../../../components/ui/PlannedFeature';

export default function AddMemberScreen() {
  return (
    <PlannedFeature
      title="Lid toevoegen"
      description="Hier kunt u straks een persoon als lid aan deze klantgroep toevoegen."
    />
  );
}
