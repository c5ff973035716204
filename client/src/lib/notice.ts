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
  /** Move the focus to the notice: the control that was used is gone (a "mark all read" with nothing left to mark). */
  focus?: boolean;
}

export function withNotice(notice: string, options: { focus?: boolean } = {}): NoticeState {
  return options.focus ? { notice, focus: true } : { notice };
}

/** Whether the notice in a location's state asks for the focus. */
export function noticeWantsFocus(state: unknown): boolean {
  return (state as Partial<NoticeState> | null)?.focus === true;
}

/** The notice in a location's state, if any. */
export function noticeOf(state: unknown): string | null {
  const notice = (state as Partial<NoticeState> | null)?.notice;
  return typeof notice === 'string' && notice ? notice : null;
}

/** Shows a notice on the current screen (after saving in place): the same mechanism, without leaving the page. */
export function useShowNotice(): (notice: string, options?: { focus?: boolean }) => void {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (notice: string, options?: { focus?: boolean }) =>
      void navigate(
        { pathname: location.pathname, search: location.search, hash: location.hash },
        { replace: true, state: withNotice(notice, options), preventScrollReset: true },
      ),
    [navigate, location.pathname, location.search, location.hash],
  );
}
