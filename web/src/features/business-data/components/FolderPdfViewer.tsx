import { Alert, Button, Center, Group, Loader, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { Document, Page, pdfjs } from 'react-pdf';
import { useFolderT } from '../business-data-i18n';

// Set up here, inside the lazy module, so pdf.js and its worker load only when a PDF is viewed.
pdfjs.GlobalWorkerOptions.workerSrc = new URL(
  'pdfjs-dist/build/pdf.worker.min.mjs',
  import.meta.url,
).toString();

export interface FolderPdfViewerProps {
  /** GET /file?…&inline=true: the browser sends the session or folder cookie itself. */
  url: string;
  filename: string;
  onClose(): void;
}

/** SPEC §2 PDF viewer of the project folder, over the page: one page at a time, "Seite x von y", close. */
export default function FolderPdfViewer({ url, filename, onClose }: FolderPdfViewerProps) {
  const t = useFolderT();
  const [pages, setPages] = useState(0);
  const [page, setPage] = useState(1);
  const [failed, setFailed] = useState(false);

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('pdf.title', { name: filename })}
      size="auto"
      centered
      closeButtonProps={{ 'aria-label': t('pdf.close') }}
    >
      <Stack gap="sm">
        <Group justify="center">
          <Group gap="xs">
            <Button
              variant="default"
              size="xs"
              aria-label={t('pdf.previous')}
              disabled={page <= 1}
              onClick={() => setPage((current) => current - 1)}
            >
              <IconChevronLeft size={16} />
            </Button>
            {pages > 0 && <Text size="sm">{t('pdf.page', { page, pages })}</Text>}
            <Button
              variant="default"
              size="xs"
              aria-label={t('pdf.next')}
              disabled={page >= pages}
              onClick={() => setPage((current) => current + 1)}
            >
              <IconChevronRight size={16} />
            </Button>
            <Button variant="light" size="xs" leftSection={<IconX size={14} />} onClick={onClose}>
              {t('pdf.close')}
            </Button>
          </Group>
        </Group>
        {failed ? (
          <Alert color="red">{t('pdf.failed')}</Alert>
        ) : (
          <ScrollArea.Autosize mah="75vh">
            <Center>
              <Document
                file={url}
                onLoadSuccess={(document) => {
                  setPages(document.numPages);
                  setPage(1);
                }}
                onLoadError={() => setFailed(true)}
                loading={<Loader aria-label={t('pdf.loading')} />}
                error={<Alert color="red">{t('pdf.failed')}</Alert>}
              >
                <Page
                  pageNumber={page}
                  width={Math.min(900, window.innerWidth - 96)}
                  renderTextLayer={false}
                  renderAnnotationLayer={false}
                />
              </Document>
            </Center>
          </ScrollArea.Autosize>
        )}
      </Stack>
    </Modal>
  );
}
