import { PlannedFeature } from '../../../../components/ui/PlannedFeature';

export default function PaymentsScreen() {
  return (
    <PlannedFeature
      title="Betalingen"
      description="Hier kunt u straks de betalingen van eigen bijdragen en de uitbetalingen aan aanbieders bekijken, en betaalbestanden voor de bank maken."
    />
  );
}
