import { Badge, type BadgeProps, type MantineColor } from '@mantine/core';
import { IconCircleCheck, IconCircleMinus, IconClock, type TablerIcon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type CompanyStatus = 'active' | 'inactive' | 'pending';

export const COMPANY_STATUS_COLORS: Record<CompanyStatus, MantineColor> = {
  active: 'green',
  inactive: 'gray',
  pending: 'yellow',
};

const COMPANY_STATUS_ICONS: Record<CompanyStatus, TablerIcon> = {
  active: IconCircleCheck,
  inactive: IconCircleMinus,
  pending: IconClock,
};

export type StatusBadgeProps = (
  | { status: CompanyStatus }
  | {
      label: ReactNode;
      color: MantineColor;
      /** The status's symbol before its text: a status is never told by colour alone (WCAG 1.4.1). */
      icon: TablerIcon;
    }
) &
  Pick<BadgeProps, 'variant'> & { 'data-state'?: string };

/**
 * A small status label with its symbol and text: a company's status (aktiv/inaktiv/ausstehend) or any label,
 * colour and icon. The icon is decoration for the eye; the text carries the status.
 */
export function StatusBadge(props: StatusBadgeProps) {
  const { t } = useTranslation();
  const { variant = 'light', 'data-state': dataState } = props;
  const [label, color, Icon, status] =
    'status' in props
      ? [
          t(`status.${props.status}`),
          COMPANY_STATUS_COLORS[props.status],
          COMPANY_STATUS_ICONS[props.status],
          props.status,
        ]
      : [props.label, props.color, props.icon, undefined];
  return (
    <Badge
      variant={variant}
      color={color}
      data-status={status}
      data-state={dataState}
      leftSection={<Icon size={12} stroke={2} aria-hidden />}
      // In narrow table columns the whole text stays visible instead of being cut to "FR…".
      style={{ flexShrink: 0, minWidth: 'max-content' }}
    >
      {label}
    </Badge>
  );
}
