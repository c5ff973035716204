import { PlannedFeature } from '../../../components/ui/PlannedFeature';

export default function OrderScreen() {
  return (
    <PlannedFeature
      title="Bestelling"
      description="Hier kunt u straks een bestelling bekijken: wat u besteld heeft, wat er met de bestelling is gebeurd, de afhaalcode, en de bestelling annuleren zolang de aanbieder haar nog niet heeft geaccepteerd."
    />
  );
}
