import { ContentPageView } from '../../components/content/ContentPageView';

/** /hoe-werkt-het: how residents choose, order and pay (a content page, edited at instellingen/hoe-werkt-het). */
export default function HowItWorksScreen() {
  return (
    <ContentPageView
      page="HOW_IT_WORKS"
      title="Hoe werkt het"
      empty="De gemeente heeft deze uitleg nog niet gepubliceerd. Heeft u een vraag? Neem contact op met de gemeente."
    />
  );
}
