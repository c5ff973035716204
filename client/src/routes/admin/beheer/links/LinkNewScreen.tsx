import { PlannedFeature } from '../../../../components/ui/PlannedFeature';

export default function LinkNewScreen() {
  return (
    <PlannedFeature
      title="Nieuwe link"
      description="Hier kunt u straks een link toevoegen met een tekst, een adres en de plek waar de link komt te staan."
    />
  );
}
