import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './SkipLink.module.css';

/** The id of each layout's main landmark, the target of the skip link. */
export const MAIN_ID = 'inhalt';

/**
 * "Zum Inhalt springen": the first focusable element of every layout, visible once focused, moving the
 * focus past header and menu to the main landmark (WCAG 2.4.1).
 */
export function SkipLink() {
  const { t } = useTranslation();
  const jump = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_ID);
    if (!main) return;
    // Focus instead of following the hash, so the address (and the router's location) stays as it is.
    event.preventDefault();
    main.focus();
    main.scrollIntoView();
  };
  return (
    <a href={`#${MAIN_ID}`} className={classes.skipLink} onClick={jump} data-testid="skip-link">
      {t('skipLink')}
    </a>
  );
}
