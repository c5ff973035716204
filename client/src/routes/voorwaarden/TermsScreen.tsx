import { PlannedFeature } from '../../components/ui/PlannedFeature';

export default function TermsScreen() {
  return (
    <PlannedFeature
      title="Voorwaarden"
      description="Hier kunt u straks de voorwaarden lezen die gelden voor het gebruik van de Gemeentewinkel."
    />
  );
}
