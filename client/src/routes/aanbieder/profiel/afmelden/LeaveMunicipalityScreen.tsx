import { PlannedFeature } from '../../../../components/ui/PlannedFeature';

export default function LeaveMunicipalityScreen() {
  return (
    <PlannedFeature
      title="Afmelden bij gemeente"
      description="Hier kunt u straks uw organisatie afmelden als aanbieder bij deze gemeente. U bevestigt dit eerst."
    />
  );
}
