import { notifications } from '@mantine/notifications';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FileDropzone, type FileDropzoneProps } from './FileDropzone';
import { renderWithProviders } from './test/render';

const MB = 1024 * 1024;

function fileOf(name: string, size = 10): File {
  const file = new File(['x'], name);
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

const IDLE = 'Datei hierher ziehen oder klicken, um eine Datei auszuwählen';
const HINT = 'Erlaubt: .xlsx, .xls, .csv, höchstens 200 MB';

/** The drop area; its description holds the hint and the inline error text. */
const zone = (name = IDLE) => screen.getByRole('button', { name });

function renderDropzone(props: Partial<FileDropzoneProps> = {}) {
  const onFiles = vi.fn();
  const { container } = renderWithProviders(
    <FileDropzone accept={['.xlsx', '.xls', '.csv']} maxSize={200 * MB} onFiles={onFiles} {...props} />,
  );
  const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
  // applyAccept: false lets through what a drag and drop would bring, whatever the picker's filter says.
  const user = userEvent.setup({ applyAccept: false });
  return { onFiles, input, user };
}

describe('FileDropzone', () => {
  afterEach(() => act(() => notifications.clean()));

  it('names the accepted types and the size limit in German', () => {
    const { input } = renderDropzone();
    expect(zone()).toHaveAccessibleDescription(HINT);
    expect(input).toHaveAttribute('accept', '.xlsx,.xls,.csv');
    expect(input).not.toHaveAttribute('multiple');
  });

  it('is one button named by its visible text, with no focusable element inside', () => {
    const { input } = renderDropzone();
    expect(zone()).toHaveTextContent(new RegExp(`^${IDLE}$`));
    expect(zone()).not.toHaveAttribute('aria-label');
    expect(zone()).not.toHaveAttribute('aria-labelledby');
    // The file input stays in the zone for react-dropzone, but out of focus order and accessibility tree.
    expect(input).not.toBeVisible();
    expect(input).toHaveAttribute('aria-label', IDLE);
  });

  it('uses a custom label', () => {
    renderDropzone({ label: 'Stückliste hochladen' });
    expect(screen.getByRole('button', { name: 'Stückliste hochladen' })).toBeInTheDocument();
  });

  it('hands on an accepted file whatever the case of its extension', async () => {
    const { onFiles, input, user } = renderDropzone();
    const file = fileOf('Stückliste.XLSX');
    await user.upload(input, file);
    await waitFor(() => expect(onFiles).toHaveBeenCalledWith([file]));
    expect(zone()).toHaveAccessibleDescription(HINT);
  });

  it('rejects a wrong type with inline text and a warning toast', async () => {
    const { onFiles, input, user } = renderDropzone();
    await user.upload(input, fileOf('foto.png'));
    const message = 'Der Dateityp von „foto.png“ ist nicht erlaubt.';
    await waitFor(() => expect(zone()).toHaveAccessibleDescription(`${HINT} ${message}`));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Hinweis');
    expect(toast).toHaveTextContent(message);
    expect(onFiles).not.toHaveBeenCalled();
  });

  it('rejects a file over the size limit', async () => {
    const { onFiles, input, user } = renderDropzone({ maxSize: 10 * MB });
    await user.upload(input, fileOf('riesig.csv', 11 * MB));
    await waitFor(() =>
      expect(zone()).toHaveAccessibleDescription(/„riesig\.csv“ ist zu groß \(höchstens 10 MB\)\.$/),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('„riesig.csv“ ist zu groß (höchstens 10 MB).');
    expect(onFiles).not.toHaveBeenCalled();
  });

  it('rejects more than one file unless multiple', async () => {
    const { onFiles, input, user } = renderDropzone();
    input.multiple = true; // as a drop of two files would bring them
    await user.upload(input, [fileOf('a.csv'), fileOf('b.csv')]);
    await waitFor(() => expect(zone()).toHaveAccessibleDescription(/Bitte wählen Sie nur eine Datei aus\.$/));
    expect(await screen.findByRole('alert')).toHaveTextContent('Bitte wählen Sie nur eine Datei aus.');
    expect(onFiles).not.toHaveBeenCalled();
  });

  it('hands on the valid files of several and names the others', async () => {
    const { onFiles, input, user } = renderDropzone({ multiple: true });
    expect(input).toHaveAttribute('multiple');
    const good = fileOf('a.csv');
    await user.upload(input, [good, fileOf('b.docx')]);
    await waitFor(() => expect(onFiles).toHaveBeenCalledWith([good]));
    expect(zone('Dateien hierher ziehen oder klicken, um Dateien auszuwählen')).toHaveAccessibleDescription(
      /Der Dateityp von „b\.docx“ ist nicht erlaubt\.$/,
    );
  });

  it('clears the error once a valid file follows', async () => {
    const { onFiles, input, user } = renderDropzone();
    await user.upload(input, fileOf('foto.png'));
    await waitFor(() => expect(zone()).not.toHaveAccessibleDescription(HINT));
    await user.upload(input, fileOf('liste.xls'));
    await waitFor(() => expect(onFiles).toHaveBeenCalledTimes(1));
    expect(zone()).toHaveAccessibleDescription(HINT);
  });

  it('takes no files while disabled', async () => {
    const { onFiles, input, user } = renderDropzone({ disabled: true });
    expect(zone()).toHaveAttribute('aria-disabled', 'true');
    await user.upload(input, fileOf('liste.xlsx'));
    expect(onFiles).not.toHaveBeenCalled();
  });
});
