import { PlannedFeature } from '../../../../../components/ui/PlannedFeature';

export default function DigidSettingsScreen() {
  return (
    <PlannedFeature
      title="DigiD"
      description="Hier kunt u straks de koppeling met DigiD instellen: de manier van koppelen, de metadata, het betrouwbaarheidsniveau, en zien wanneer het certificaat verloopt."
    />
  );
}
