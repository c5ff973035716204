import { PlannedFeature } from '../../../components/ui/PlannedFeature';

export default function ProductReviewScreen() {
  return (
    <PlannedFeature
      title="Product beoordelen"
      description="Hier kunt u straks een product bekijken en goedkeuren of afkeuren met een reden die de aanbieder te zien krijgt."
    />
  );
}
