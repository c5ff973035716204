import { useContext, useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { useLocation } from 'react-router';
import { noticeOf, noticeWantsFocus } from '../../lib/notice';
import { ServerHeadContext } from '../../lib/serverRender';
import { documentTitle } from '../../lib/site';
import { Alert } from '../ui/Alert';
import { Breadcrumbs } from './Breadcrumbs';

/** The pathname the last page heading was rendered for (module state: one document). */
let lastPathname: string | undefined;

/**
 * Sets the document title and, after a client-side navigation (not on the first load),
 * moves focus to the page heading so screen readers announce the new page.
 */
function usePageAnnouncement(title: string, heading: RefObject<HTMLHeadingElement | null>) {
  const { pathname } = useLocation();
  // Rendered on the server: the title goes into the HTML's <title> (entry-server.tsx).
  const serverHead = useContext(ServerHeadContext);
  if (serverHead) serverHead.title = title;

  useEffect(() => {
    document.title = title;
  }, [title]);

  useEffect(() => {
    const previous = lastPathname;
    lastPathname = pathname;
    if (previous !== undefined && previous !== pathname) {
      heading.current?.focus({ preventScroll: false });
    }
  }, [pathname, heading]);
}

interface PageProps {
  /** The h1 and the document title ("<title> | Gemeentewinkel"). */
  title: string;
  /** An optional introduction under the heading. */
  lead?: ReactNode;
  /** Hide the breadcrumbs (the home page). */
  hideBreadcrumbs?: boolean;
  /** The document title when it should differ from "<title> | Gemeentewinkel" (the home page). */
  documentTitle?: string;
  /** The breadcrumb label of the current page when it should differ from the title. */
  crumb?: string;
  children?: ReactNode;
}

/**
 * Every screen renders exactly one Page: breadcrumbs, one h1, the document title and focus, and the notice an action
 * left for this screen (`navigate(url, { state: withNotice('Opgeslagen.') })`, lib/notice.ts).
 */
export function Page({ title, lead, hideBreadcrumbs, crumb, documentTitle: docTitle, children }: PageProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  usePageAnnouncement(docTitle ?? documentTitle(title), heading);
  const location = useLocation();
  const notice = noticeOf(location.state);
  const noticeRef = useRef<HTMLDivElement>(null);
  const focusNotice = noticeWantsFocus(location.state);
  useEffect(() => {
    if (focusNotice) noticeRef.current?.focus();
  }, [focusNotice, location.key]);
  return (
    <>
      {hideBreadcrumbs ? null : <Breadcrumbs current={crumb ?? title} />}
      <h1 ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {lead ? <p className="gw-lead">{lead}</p> : null}
      {notice ? (
        <Alert variant="success" role="status" ref={noticeRef} tabIndex={focusNotice ? -1 : undefined}>
          <p>{notice}</p>
        </Alert>
      ) : null}
      {children}
    </>
  );
}
