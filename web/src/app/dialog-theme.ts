import { createTheme, Drawer, Modal } from '@mantine/core';
import i18n from '../lib/i18n';

/**
 * What every dialog and side panel shares, set once here instead of on each dialog: the close button (an
 * icon only) is named "Schließen" for screen readers (WCAG 4.1.2), and the title bar is a plain block, not a
 * `header` (rendered outside `main`, it would count as a second page banner). Mantine already traps the
 * focus inside and returns it to the opener on close.
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
    ModalHeader: { defaultProps: { component: 'div' } },
    DrawerHeader: { defaultProps: { component: 'div' } },
  },
});
