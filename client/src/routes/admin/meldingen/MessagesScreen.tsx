import { PlannedFeature } from '../../../components/ui/PlannedFeature';

export default function MessagesScreen() {
  return (
    <PlannedFeature
      title="Meldingen"
      description="Hier kunt u straks meldingen opstellen en versturen naar een doelgroep, en de verstuurde meldingen terugzien."
    />
  );
}
