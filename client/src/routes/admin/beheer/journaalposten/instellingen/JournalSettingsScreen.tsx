import { PlannedFeature } from '../../../../../components/ui/PlannedFeature';

export default function JournalSettingsScreen() {
  return (
    <PlannedFeature
      title="Instellingen journaalposten"
      description="Hier kunt u straks de grootboekrekeningen en kostenplaatsen instellen waarop de journaalposten worden geboekt."
    />
  );
}
