import { PlannedFeature } from '../../../../components/ui/PlannedFeature';

export default function NewsArticleNewScreen() {
  return (
    <PlannedFeature title="Nieuw bericht" description="Hier kunt u straks een nieuwsbericht schrijven en publiceren." />
  );
}
