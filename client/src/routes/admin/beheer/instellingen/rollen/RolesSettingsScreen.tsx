import { PlannedFeature } from '../../../../../components/ui/PlannedFeature';

export default function RolesSettingsScreen() {
  return (
    <PlannedFeature
      title="Rollen"
      description="Hier kunt u straks de rollen beheren en per rol instellen welke rechten erbij horen."
    />
  );
}
