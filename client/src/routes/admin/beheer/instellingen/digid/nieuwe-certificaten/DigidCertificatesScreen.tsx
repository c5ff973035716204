import { PlannedFeature } from '../../../../../../components/ui/PlannedFeature';

export default function DigidCertificatesScreen() {
  return (
    <PlannedFeature
      title="Nieuwe DigiD-certificaten"
      description="Hier kunt u straks een nieuw sleutelpaar voor DigiD maken en op tijd overstappen op het nieuwe certificaat."
    />
  );
}
