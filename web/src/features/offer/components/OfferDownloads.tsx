import { Button, Group, Menu } from '@mantine/core';
import {
  OFFER_EXPORT_KIND_LABELS,
  OFFER_EXPORT_KINDS,
  type OfferExportKind,
  type OfferResponse,
} from '@portal/domain/schemas/offer';
import { IconChevronDown, IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { notifyError } from '../../../lib/notify';
import { downloadOfferExport, downloadOfferZip, type OfferExportFormat } from '../api/offer-export';
import { useOfferT } from '../offer-i18n';

const FORMATS: OfferExportFormat[] = ['xlsx', 'csv'];

/** The supplier export carries purchase prices: customers never get it (the server refuses it with 403). */
const exportKindsFor = (role: OfferResponse['abilities']['role']) =>
  OFFER_EXPORT_KINDS.filter((kind) => role === 'SUPPLIER' || kind !== 'supplier');

/**
 * "Herunterladen" bundles the generated BOM, the production BOM and the sum BOM in one ZIP;
 * "Exportieren" offers each of the four BOM exports of SPEC §3 as Excel or CSV.
 */
export function OfferDownloads({ offer }: { offer: OfferResponse }) {
  const t = useOfferT();
  const [busy, setBusy] = useState<string | null>(null);
  const baseName = offer.offerNumber ?? offer.referenceNumber ?? offer.enquiryTitle;

  const run = (key: string, download: () => Promise<void>) => {
    setBusy(key);
    download()
      .catch((error: Error) => notifyError(t('downloads.failed', { reason: error.message })))
      .finally(() => setBusy(null));
  };
  const handleExport = (kind: OfferExportKind, format: OfferExportFormat) =>
    run(`${kind}.${format}`, () => downloadOfferExport(offer.id, kind, format));

  return (
    <Group gap="xs" data-testid="offer-downloads">
      <Button
        variant="default"
        leftSection={<IconDownload size={16} />}
        title={t('downloads.downloadHint')}
        loading={busy === 'zip'}
        onClick={() => run('zip', () => downloadOfferZip(offer.id, `${baseName}.zip`))}
      >
        {t('downloads.download')}
      </Button>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button
            variant="default"
            leftSection={<IconFileSpreadsheet size={16} />}
            rightSection={<IconChevronDown size={14} />}
            loading={busy !== null && busy !== 'zip'}
          >
            {t('downloads.export')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {exportKindsFor(offer.abilities.role).map((kind) =>
            FORMATS.map((format) => (
              <Menu.Item key={`${kind}.${format}`} onClick={() => handleExport(kind, format)}>
                {t(format === 'xlsx' ? 'downloads.excel' : 'downloads.csv', {
                  kind: OFFER_EXPORT_KIND_LABELS[kind],
                })}
              </Menu.Item>
            )),
          )}
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
