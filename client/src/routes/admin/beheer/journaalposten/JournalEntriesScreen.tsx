import { PlannedFeature } from '../../../../components/ui/PlannedFeature';

export default function JournalEntriesScreen() {
  return (
    <PlannedFeature
      title="Journaalposten"
      description="Hier kunt u straks de journaalposten per periode bekijken en als CSV-bestand exporteren voor de financiële administratie."
    />
  );
}
