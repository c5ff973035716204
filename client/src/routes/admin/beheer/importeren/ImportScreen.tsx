import { PlannedFeature } from '../../../../components/ui/PlannedFeature';

export default function ImportScreen() {
  return (
    <PlannedFeature
      title="Importeren"
      description="Hier kunt u straks een CSV-bestand met klantgroepen, personen en toewijzingen inlezen: eerst een voorbeeld met eventuele fouten per regel, daarna de import. Dubbel importeren geeft geen dubbele gegevens."
    />
  );
}
