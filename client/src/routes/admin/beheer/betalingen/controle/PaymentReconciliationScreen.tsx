import { PlannedFeature } from '../../../../../components/ui/PlannedFeature';

export default function PaymentReconciliationScreen() {
  return (
    <PlannedFeature
      title="Controle betalingen"
      description="Hier kunt u straks de status bij de betaaldienst vergelijken met onze administratie, en verschillen bekijken en oplossen."
    />
  );
}
