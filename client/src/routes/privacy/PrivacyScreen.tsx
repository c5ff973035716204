import { PlannedFeature } from '../../components/ui/PlannedFeature';

export default function PrivacyScreen() {
  return (
    <PlannedFeature
      title="Privacy"
      description="Hier kunt u straks lezen welke gegevens de gemeente van u gebruikt, waarvoor, en welke rechten u heeft. De gemeente beheert deze tekst."
    />
  );
}
