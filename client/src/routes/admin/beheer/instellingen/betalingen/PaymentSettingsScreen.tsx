import { PlannedFeature } from '../../../../../components/ui/PlannedFeature';

export default function PaymentSettingsScreen() {
  return (
    <PlannedFeature
      title="Betalingsinstellingen"
      description="Hier kunt u straks de betaaldienst en de sleutels instellen, en na hoeveel dagen aanbieders worden uitbetaald."
    />
  );
}
