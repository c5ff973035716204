import { PlannedFeature } from '../../../components/ui/PlannedFeature';

export default function ArrangementNewScreen() {
  return (
    <PlannedFeature
      title="Nieuwe regeling"
      description="Hier kunt u straks een regeling aanmaken: naam, omschrijving, geldigheid, standaardbedrag, welke categorieën of producten zij betaalt en of een eigen bijdrage mag."
    />
  );
}
