import { PlannedFeature } from '../../../../../components/ui/PlannedFeature';

export default function ApiEncryptionScreen() {
  return (
    <PlannedFeature
      title="API-encryptie"
      description="Hier kunt u straks de publieke sleutel van een koppeling instellen. Gevoelige gegevens worden dan versleuteld aan die koppeling gestuurd."
    />
  );
}
