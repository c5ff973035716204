import { PlannedFeature } from '../../../../components/ui/PlannedFeature';

export default function ApiClientsScreen() {
  return (
    <PlannedFeature
      title="API-koppelingen"
      description="Hier kunt u straks koppelingen met partnergemeenten beheren: sleutels aanmaken (die u eenmalig te zien krijgt), rechten en gemeenten instellen en sleutels intrekken."
    />
  );
}
