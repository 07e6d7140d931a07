import { createTheme, Drawer, Modal } from '@mantine/core';
import i18n from '../lib/i18n';

/**
 * What every dialog and side panel shares: the close button (an icon only) is named "Schließen" for screen
 * readers (WCAG 4.1.2), set once here instead of on each dialog. Mantine already traps the focus inside and
 * returns it to the opener on close.
 */
// A getter, read when a dialog renders: this module may load before i18next has finished its set-up.
const closeButtonProps = {
  get 'aria-label'() {
    return i18n.t('close');
  },
};

export const dialogTheme = createTheme({
  components: {
    Modal: Modal.extend({ defaultProps: { closeButtonProps } }),
    Drawer: Drawer.extend({ defaultProps: { closeButtonProps } }),
  },
});
