import { Group } from '@mantine/core';
import type { OfferState } from '@portal/domain/enums';
import {
  OFFER_RELEASE_BADGE_LABELS,
  OFFER_STATE_COLOURS,
  OFFER_STATE_LABELS,
  offerReleaseBadge,
  type OfferReleaseBadge as ReleaseBadgeKind,
} from '@portal/domain/rules/offer-state';
import { OFFER_EXPIRED_LABEL } from '@portal/domain/rules/offer-validity';
import {
  IconArchive,
  IconCircle,
  IconCircleCheck,
  IconCircleX,
  IconClockX,
  IconPencil,
  IconRosetteDiscountCheck,
  type TablerIcon,
} from '@tabler/icons-react';
import { StatusBadge } from '../../../components/StatusBadge';

const RELEASE_COLORS: Record<ReleaseBadgeKind, string> = {
  ARCHIVED: 'red',
  RELEASED: 'green',
  DEFAULT: 'yellow',
};

const RELEASE_ICONS: Record<ReleaseBadgeKind, TablerIcon> = {
  ARCHIVED: IconArchive,
  RELEASED: IconCircleCheck,
  DEFAULT: IconPencil,
};

const STATE_ICONS: Record<OfferState, TablerIcon> = {
  OPEN: IconCircle,
  DECLINED: IconCircleX,
  ACCEPTED: IconCircleCheck,
  CONFIRMED: IconRosetteDiscountCheck,
};

/** SPEC §4 state badge in the state's colour (open grey, declined red, accepted green, confirmed blue). */
export function OfferStateBadge({ state }: { state: OfferState }) {
  return (
    <StatusBadge
      variant="filled"
      label={OFFER_STATE_LABELS[state]}
      color={OFFER_STATE_COLOURS[state]}
      icon={STATE_ICONS[state]}
      data-state={state}
    />
  );
}

/** SPEC §2 release badge: archived, else released, else a draft. */
export function OfferReleaseBadge({ offer }: { offer: { archived: boolean; released: boolean } }) {
  const badge = offerReleaseBadge(offer);
  return (
    <StatusBadge
      label={OFFER_RELEASE_BADGE_LABELS[badge]}
      color={RELEASE_COLORS[badge]}
      icon={RELEASE_ICONS[badge]}
    />
  );
}

/** An open offer past its "gültig bis" (domain/rules/offer-validity.ts): it can no longer be accepted. */
export function OfferExpiredBadge() {
  return <StatusBadge label={OFFER_EXPIRED_LABEL} color="red.9" icon={IconClockX} />;
}

/** The state badge, with "abgelaufen" beside it for an expired open offer (both sides' lists). */
export function OfferStateWithExpiry({ offer }: { offer: { state: OfferState; expired: boolean } }) {
  if (!(offer.expired && offer.state === 'OPEN')) return <OfferStateBadge state={offer.state} />;
  return (
    <Group gap={4} wrap="wrap">
      <OfferStateBadge state={offer.state} />
      <OfferExpiredBadge />
    </Group>
  );
}

export function OfferBadges({
  offer,
}: {
  offer: { state: OfferState; archived: boolean; released: boolean; expired?: boolean };
}) {
  return (
    <Group gap={6} wrap="nowrap">
      <OfferStateBadge state={offer.state} />
      <OfferReleaseBadge offer={offer} />
      {offer.expired && offer.state === 'OPEN' && <OfferExpiredBadge />}
    </Group>
  );
}
