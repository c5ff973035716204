import { PlannedFeature } from '../../../../components/ui/PlannedFeature';

export default function NewsArticlesScreen() {
  return <PlannedFeature title="Nieuws" description="Hier kunt u straks de nieuwsberichten beheren." />;
}
