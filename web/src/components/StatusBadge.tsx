import { Badge, type MantineColor } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type CompanyStatus = 'active' | 'inactive' | 'pending';

export const COMPANY_STATUS_COLORS: Record<CompanyStatus, MantineColor> = {
  active: 'green',
  inactive: 'gray',
  pending: 'yellow',
};

export type StatusBadgeProps = { status: CompanyStatus } | { label: ReactNode; color: MantineColor };

/** A small coloured status label: a company's status (aktiv/inaktiv/ausstehend) or any label and colour. */
export function StatusBadge(props: StatusBadgeProps) {
  const { t } = useTranslation();
  if ('status' in props) {
    return (
      <Badge variant="light" color={COMPANY_STATUS_COLORS[props.status]} data-status={props.status}>
        {t(`status.${props.status}`)}
      </Badge>
    );
  }
  return (
    <Badge variant="light" color={props.color}>
      {props.label}
    </Badge>
  );
}
