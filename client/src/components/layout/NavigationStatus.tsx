import { useNavigation } from 'react-router';

/** Tells screen-reader users (politely) that the next page is being loaded. */
export function NavigationStatus() {
  const navigation = useNavigation();
  return (
    <div className="gw-visually-hidden" role="status" aria-live="polite">
      {navigation.state === 'loading' ? 'Bezig met laden…' : ''}
    </div>
  );
}
