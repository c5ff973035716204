import { NavLink, useLocation, type NavLinkProps } from 'react-router';

/**
 * A menu link that is marked on its own page (aria-current="page") and, as the section, on the pages below it
 * (aria-current="true": /aanbod/<product> under "Aanbod", /aanbieder/producten/<id> under "Producten").
 */
export function SectionNavLink({ to, ...props }: Omit<NavLinkProps, 'to' | 'aria-current'> & { to: string }) {
  const { pathname } = useLocation();
  const here = (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname) === to;
  return <NavLink to={to} aria-current={here ? 'page' : 'true'} {...props} />;
}
