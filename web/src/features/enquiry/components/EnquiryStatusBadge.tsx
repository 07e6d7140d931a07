import type { MantineColor } from '@mantine/core';
import { type EnquiryStatus, enquiryStatus } from '@portal/domain/rules/enquiry-status';
import { IconArchive, IconCircleCheck, IconClock, IconLock, type TablerIcon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../../components/StatusBadge';

const COLORS: Record<EnquiryStatus, MantineColor> = {
  DRAFT: 'yellow',
  RELEASED: 'green',
  CLOSED: 'gray',
  ARCHIVED: 'red',
};

const ICONS: Record<EnquiryStatus, TablerIcon> = {
  DRAFT: IconClock,
  RELEASED: IconCircleCheck,
  CLOSED: IconLock,
  ARCHIVED: IconArchive,
};

/** SPEC §4: the status by priority archived, closed, released, else "Freigabe ausstehend". */
export function EnquiryStatusBadge({
  enquiry,
}: {
  enquiry: { archived: boolean; closed: boolean; released: boolean };
}) {
  const { t } = useTranslation('enquiry');
  const status = enquiryStatus(enquiry);
  return <StatusBadge label={t(`status.${status}`)} color={COLORS[status]} icon={ICONS[status]} />;
}
