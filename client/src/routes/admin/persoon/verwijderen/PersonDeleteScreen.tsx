import { PlannedFeature } from '../../../../components/ui/PlannedFeature';

export default function PersonDeleteScreen() {
  return (
    <PlannedFeature
      title="Persoon verwijderen"
      description="Hier kunt u straks de persoonsgegevens van deze persoon laten wissen (recht op vergetelheid). Financiële gegevens blijven bewaard onder een pseudoniem."
    />
  );
}
