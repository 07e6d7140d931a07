import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import i18n from '../lib/i18n';
import { confirmAction } from './ConfirmDialog';

/**
 * "Leaving with unsaved changes asks first". The app runs in a plain `BrowserRouter`, which has
 * no navigation blocker, so the guard works where leaving starts: a click on any in-app link (menu, logo,
 * footer) is held back in the capture phase and asked about (Ja: go there), closing or reloading the tab
 * gets the browser's own question, and the page's own buttons call `confirmLeave`.
 */
export function useUnsavedChangesGuard(dirty: boolean) {
  const navigate = useNavigate();
  const location = useLocation();
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const here = `${location.pathname}${location.search}`;

  const ask = useCallback((onConfirm: () => void) => {
    confirmAction({
      title: i18n.t('unsavedChanges.title'),
      message: i18n.t('unsavedChanges.message'),
      onConfirm,
    });
  }, []);

  useEffect(() => {
    if (!dirty) return;
    const handleBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the question only when returnValue is set.
      event.returnValue = '';
    };
    const handleClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element | null)?.closest?.('a[href]');
      if (!(anchor instanceof HTMLAnchorElement)) return;
      if (anchor.target && anchor.target !== '_self') return;
      if (anchor.hasAttribute('download')) return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      const to = `${url.pathname}${url.search}`;
      if (to === here) return;
      event.preventDefault();
      event.stopPropagation();
      ask(() => navigate(`${to}${url.hash}`));
    };
    window.addEventListener('beforeunload', handleBeforeUnload);
    document.addEventListener('click', handleClick, true);
    return () => {
      window.removeEventListener('beforeunload', handleBeforeUnload);
      document.removeEventListener('click', handleClick, true);
    };
  }, [dirty, here, ask, navigate]);

  /** Runs `leave` at once without unsaved changes, else after "Ja". */
  const confirmLeave = useCallback(
    (leave: () => void) => {
      if (dirtyRef.current) ask(leave);
      else leave();
    },
    [ask],
  );

  return { confirmLeave };
}
