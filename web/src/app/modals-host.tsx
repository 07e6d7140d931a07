import { ModalsProvider } from '@mantine/modals';

/**
 * The host of `confirmAction`'s dialogs (components/ConfirmDialog.tsx). Loaded with the pages beyond the
 * sign-in pages (app/router.tsx): Mantine's Modal brings its scroll area and floating-ui, which the login
 * page does not need (ARCHITECTURE §7). The dialogs are opened through Mantine's modal store, so the host
 * needs no children.
 */
export default function ModalsHost() {
  return <ModalsProvider labels={{ confirm: 'Ja', cancel: 'Nein' }} />;
}
