import { createTheme, Drawer, MantineProvider, Modal } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { componentDefaults } from './theme-components';

describe('dialogs in the theme', () => {
  it('names the close button of every modal and drawer "Schließen"; their title bars are no page banner', async () => {
    render(
      <MantineProvider env="test" theme={createTheme({ components: componentDefaults })}>
        <Modal opened onClose={() => {}} title="Artikel exportieren">
          Inhalt
        </Modal>
        <Drawer opened onClose={() => {}} title="Chat">
          Inhalt
        </Drawer>
      </MantineProvider>,
    );
    const modal = await screen.findByRole('dialog', { name: 'Artikel exportieren' });
    const drawer = await screen.findByRole('dialog', { name: 'Chat' });
    for (const dialog of [modal, drawer]) {
      expect(dialog.querySelector('button[aria-label="Schließen"]')).not.toBeNull();
      expect(dialog.querySelector('header')).toBeNull();
    }
  });
});
