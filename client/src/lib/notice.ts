import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * A notice after an action ("Opgeslagen.", "De categorie is verwijderd."), shown by the Page of the screen it leads
 * to in a polite status region, and gone with the next navigation (it lives in that history entry's state):
 *
 *   navigate(urls.admin.beheer.categories(), { state: withNotice(`De categorie ‘${name}’ is toegevoegd.`) });
 */
export interface NoticeState {
  notice: string;
}

export function withNotice(notice: string): NoticeState {
  return { notice };
}

/** The notice in a location's state, if any. */
export function noticeOf(state: unknown): string | null {
  const notice = (state as Partial<NoticeState> | null)?.notice;
  return typeof notice === 'string' && notice ? notice : null;
}

/** Shows a notice on the current screen (after saving in place): the same mechanism, without leaving the page. */
export function useShowNotice(): (notice: string) => void {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (notice: string) => void navigate({ pathname: location.pathname, search: location.search, hash: location.hash }, { replace: true, state: withNotice(notice), preventScrollReset: true }),
    [navigate, location.pathname, location.search, location.hash],
  );
}
