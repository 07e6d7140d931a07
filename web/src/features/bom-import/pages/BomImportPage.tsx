import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { MAX_UPLOAD_BYTES } from '@portal/domain/rules/file-type';
import type { AdminBom } from '@portal/domain/schemas/admin-bom';
import { IconColumns3, IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { FileDropzone } from '../../../components/FileDropzone';
import { formatFileSize, formatNumber } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { BomMappingDrawer } from '../../bom';
import {
  downloadAdminBomExport,
  downloadAdminBomFile,
  useAdminBom,
  useAdminBomHeader,
  useMapAdminBom,
  useUploadAdminBom,
} from '../api/admin-bom';
import { BomImportHistory } from '../components/BomImportHistory';
import { BomImportLines } from '../components/BomImportLines';
import { BomImportUnknownManufacturers } from '../components/BomImportUnknownManufacturers';

const ACCEPT = ['.xlsx', '.xls', '.csv'];

/**
 * SPEC §2 /import/stueckliste: operator users match a BOM against the catalog without an
 * enquiry: upload, header row and mapping in the side panel, then the lines with their statuses, only the
 * lines with errors, the summed BOM, the success rate and "Alle herunterladen"; earlier results in the
 * history below, to load or delete.
 */
export default function BomImportPage() {
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [mapOpen, setMapOpen] = useState(false);
  const upload = useUploadAdminBom();
  const selected = useAdminBom(selectedId);

  const handleFiles = ([file]: File[]) => {
    if (!file) return;
    upload.mutate(file, {
      onSuccess: (bom) => {
        notifySuccess(
          `„${bom.bomFileName}“ wurde hochgeladen. Bitte prüfen Sie die Kopfzeile und ordnen Sie die Spalten zu.`,
        );
        setSelectedId(bom.id);
        setMapOpen(true);
      },
      onError: (error) => notifyError(`„${file.name}“ konnte nicht hochgeladen werden: ${error.message}`),
    });
  };

  return (
    <Stack gap="lg">
      <Title order={1}>Stücklistenimport</Title>
      <Paper withBorder p="md" radius="md" component="section" aria-label="Stückliste abgleichen">
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Laden Sie eine Stückliste als Excel- oder CSV-Datei hoch (z. B. den Export aus EPLAN). Nach der
            Zuordnung der Spalten wird jede Zeile mit dem Artikelkatalog abgeglichen.
          </Text>
          <FileDropzone
            accept={ACCEPT}
            maxSize={MAX_UPLOAD_BYTES - 1}
            onFiles={handleFiles}
            loading={upload.isPending}
            label="Stückliste hierher ziehen oder klicken"
          />
        </Stack>
      </Paper>
      {selected.data && <BomResult bom={selected.data} mapOpen={mapOpen} onMapOpen={setMapOpen} />}
      {selected.isError && <Alert color="red">{selected.error.message}</Alert>}
      <Paper withBorder p="md" radius="md" component="section" aria-label="Bisherige Abgleiche">
        <Stack gap="sm">
          <Title order={2} size="h3">
            Bisherige Abgleiche
          </Title>
          <BomImportHistory
            selectedId={selectedId}
            onLoad={setSelectedId}
            onDeleted={(ids) => {
              if (selectedId && ids.includes(selectedId)) setSelectedId(null);
            }}
          />
        </Stack>
      </Paper>
    </Stack>
  );
}

interface BomResultProps {
  bom: AdminBom;
  mapOpen: boolean;
  onMapOpen(open: boolean): void;
}

/** The loaded result: file, counts, success rate, downloads, the side panel and the lines. */
function BomResult({ bom, mapOpen, onMapOpen }: BomResultProps) {
  const header = useAdminBomHeader();
  const map = useMapAdminBom();
  const mapped = bom.lineCounts !== null;

  const handleDownloadAll = async () => {
    try {
      await downloadAdminBomFile(bom);
      if (mapped) await downloadAdminBomExport(bom);
    } catch (error) {
      notifyError((error as Error).message);
    }
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Ergebnis des Abgleichs">
      <Stack gap="md">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <IconFileSpreadsheet size={28} stroke={1.5} aria-hidden style={{ flexShrink: 0 }} />
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text fw={500} style={{ overflowWrap: 'anywhere' }} data-testid="bom-result-name">
                {bom.bomFileName}
              </Text>
              <Text size="sm" c="dimmed">
                {formatFileSize(bom.size)} · Kopfzeile: Zeile {bom.headerRowIndex}
                {mapped ? '' : ' (Vorschlag)'}
              </Text>
            </Stack>
          </Group>
          <Group gap="xs">
            <Button
              size="xs"
              variant={mapped ? 'light' : 'filled'}
              leftSection={<IconColumns3 size={16} />}
              onClick={() => onMapOpen(true)}
            >
              Spalten zuordnen
            </Button>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconDownload size={16} />}
              onClick={handleDownloadAll}
            >
              Alle herunterladen
            </Button>
          </Group>
        </Group>
        {bom.lineCounts && (
          <Group gap="xs" data-testid="bom-result-summary">
            <Badge size="lg" color={rateColor(bom.successRate)} variant="filled">
              Erfolgsquote {formatNumber(bom.successRate ?? 0, 1)} %
            </Badge>
            <Badge size="lg" variant="light" color="gray">
              {formatNumber(bom.lineCounts.total, 0)} Zeilen
            </Badge>
          </Group>
        )}
        {!mapped && (
          <Alert color="yellow">Die Spalten sind noch nicht zugeordnet. Erst danach wird abgeglichen.</Alert>
        )}
        {mapped && <BomImportUnknownManufacturers bomId={bom.id} />}
        {mapped && <BomImportLines bomId={bom.id} />}
      </Stack>
      <BomMappingDrawer
        bom={bom}
        opened={mapOpen}
        onClose={() => onMapOpen(false)}
        actions={{
          applyHeader: (headerRowIndex) => header.mutateAsync({ id: bom.id, headerRowIndex }),
          applyingHeader: header.isPending,
          save: (mapping) => map.mutateAsync({ ...mapping, id: bom.id }),
          saving: map.isPending,
        }}
      />
    </Paper>
  );
}

function rateColor(rate: number | null): string {
  if (rate === null) return 'gray';
  if (rate >= 90) return 'green';
  if (rate >= 60) return 'yellow';
  return 'red';
}
