import { PlannedFeature } from '../../../../components/ui/PlannedFeature';

export default function AccountsScreen() {
  return (
    <PlannedFeature
      title="Accounts"
      description="Hier kunt u straks de accounts van medewerkers beheren: wie welke rol heeft en voor welke gemeenten."
    />
  );
}
