import { PlannedFeature } from '../../components/ui/PlannedFeature';

export default function NewsArticleScreen() {
  return (
    <PlannedFeature title="Nieuwsbericht" description="Hier kunt u straks een nieuwsbericht in zijn geheel lezen." />
  );
}
