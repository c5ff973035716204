import { useQuery } from '@apollo/client/react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { graphql } from '../../graphql/generated';
import { useHydrated } from '../../lib/serverRender';
import { urls } from '../../lib/urls';
import { MAIN_ID } from '../layout/SkipLink';
import { dismiss, isDismissed, SEVERITY } from './announcementParts';
import './announcements.css';

export const ActiveAnnouncementsBannerDocument = graphql(`
  query ActiveAnnouncementsBanner {
    activeAnnouncements {
      id
      title
      severity
      municipalityName
    }
  }
`);

/**
 * The active announcements above every public page, each with a link to its text and a "Sluiten" button, and the
 * municipality it comes from when it is a municipality's (a visitor who is not logged in sees those of every
 * municipality: "Storing · Gemeente Zuiderveen" says whose DigiD warning it is); a closed
 * one stays closed in this browser. After closing, the focus goes to the next banner's button, or to the main content.
 * Nothing is shown while loading or when the query fails: the banner never stands in the way of the page.
 */
export function AnnouncementBanner() {
  const { data } = useQuery(ActiveAnnouncementsBannerDocument, { fetchPolicy: 'cache-and-network' });
  const [closed, setClosed] = useState<string[]>([]);
  const list = useRef<HTMLUListElement>(null);
  // What this browser closed is known once the page the server rendered is hydrated.
  const hydrated = useHydrated();
  const visible = (data?.activeAnnouncements ?? []).filter(
    (a) => !closed.includes(a.id) && !(hydrated && isDismissed(a.id)),
  );
  if (visible.length === 0) return null;

  const close = (id: string, index: number) => {
    dismiss(id);
    setClosed((ids) => [...ids, id]);
    // The next (or previous) banner's button once React has removed this one; else the page itself.
    requestAnimationFrame(() => {
      const buttons = list.current?.querySelectorAll<HTMLButtonElement>('button');
      const next = buttons?.[Math.min(index, (buttons?.length ?? 1) - 1)];
      if (next) next.focus();
      else document.getElementById(MAIN_ID)?.focus();
    });
  };

  return (
    <section aria-label="Meldingen" className="gw-container">
      <ul className="gw-announcement-banners" ref={list}>
        {visible.map((a, index) => (
          <li key={a.id} className={`${SEVERITY[a.severity].alert} gw-announcement-banner`}>
            <p className="gw-announcement-banner__text">
              <strong>
                {SEVERITY[a.severity].label}
                {a.municipalityName ? ` · ${a.municipalityName}` : ''}:
              </strong>{' '}
              <Link to={urls.announcement(a.id)}>{a.title}</Link>
            </p>
            <button
              type="button"
              className="gw-button gw-button--secondary gw-announcement-banner__close"
              onClick={() => close(a.id, index)}
            >
              Sluiten<span className="gw-visually-hidden"> melding ‘{a.title}’</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
