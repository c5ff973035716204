import { NavLink } from 'react-router';
import { urls } from '@/lib/urls';
import { hasPermission, useViewer } from '@/lib/viewer';

/** The screens of one person: details, household orders, cards and (with PERSON_DELETE) erasure. */
export function PersonNav({ externalIdentifier }: { externalIdentifier: string }) {
  const { viewer } = useViewer();
  return (
    <nav aria-label="Persoon">
      <ul className="gw-actions" style={{ listStyle: 'none', padding: 0 }}>
        <li>
          <NavLink to={urls.admin.person(externalIdentifier)} end>
            Gegevens
          </NavLink>
        </li>
        <li>
          <NavLink to={urls.admin.personOrders(externalIdentifier)}>Bestellingen</NavLink>
        </li>
        <li>
          <NavLink to={urls.admin.personCard(externalIdentifier)}>Pas</NavLink>
        </li>
        {hasPermission(viewer, 'ORDER_ON_BEHALF') ? (
          <li>
            <NavLink to={urls.admin.personOrderOnBehalf(externalIdentifier)}>Bestellen namens inwoner</NavLink>
          </li>
        ) : null}
        {hasPermission(viewer, 'PERSON_DELETE') ? (
          <li>
            <NavLink to={urls.admin.personDelete(externalIdentifier)}>Gegevens wissen</NavLink>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

/** A card number in groups of four as it is printed, e.g. "6123 4567 89". */
export function formatCardNumber(number: string): string {
  return number.replace(/(\d{4})(?=\d)/g, '$1 ');
}
