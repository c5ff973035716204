import { PlannedFeature } from '../../../components/ui/PlannedFeature';

export default function ProvidersScreen() {
  return (
    <PlannedFeature
      title="Aanbieders"
      description="Hier kunt u straks alle aanbieders zien, zoeken en nieuwe aanmeldingen goedkeuren of afwijzen met een reden."
    />
  );
}
