import { PlannedFeature } from '../../../../../components/ui/PlannedFeature';

export default function MaintenanceSettingsScreen() {
  return (
    <PlannedFeature
      title="Onderhoudsmodus"
      description="Hier kunt u straks de onderhoudsmodus aan- en uitzetten. Inwoners en aanbieders zien dan een onderhoudspagina; medewerkers kunnen doorwerken."
    />
  );
}
