import { PlannedFeature } from '../../../../components/ui/PlannedFeature';

export default function NewsArticleEditScreen() {
  return (
    <PlannedFeature
      title="Bericht bewerken"
      description="Hier kunt u straks een nieuwsbericht wijzigen, publiceren of offline halen."
    />
  );
}
