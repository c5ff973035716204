import { PlannedFeature } from '../../components/ui/PlannedFeature';

export default function HowItWorksScreen() {
  return (
    <PlannedFeature
      title="Hoe werkt het"
      description="Hier kunt u straks lezen hoe u met uw regeling producten uitkiest, bestelt en betaalt. De gemeente beheert deze tekst."
    />
  );
}
