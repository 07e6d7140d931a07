import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Group,
  List,
  Loader,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { OFFER_STATE_LABELS } from '@portal/domain/rules/offer-state';
import { DELIVERY_CONDITION_LABELS } from '@portal/domain/rules/technical-spec-labels';
import type { OfferComparisonResponse } from '@portal/domain/schemas/offer';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { formatDate, formatNumber, formatPrice } from '../../../lib/format';
import { useOfferComparison } from '../api/offer-compare';
import { type OfferTextKey, useOfferT } from '../offer-i18n';
import { OfferComparisonAcceptDialog } from './OfferComparisonAcceptDialog';
import { OfferComparisonLines } from './OfferComparisonLines';

type ComparedOffer = OfferComparisonResponse['offers'][number];
type Enquiry = OfferComparisonResponse['enquiry'];
type Translate = (key: OfferTextKey, options?: Record<string, unknown>) => string;

const EMPTY = '–';
const HIGHLIGHT = 'var(--mantine-color-green-light)';

interface ComparisonRow {
  key: string;
  label: string;
  enquiry: ReactNode;
  offer(offer: ComparedOffer): ReactNode;
  /** The cell is the best of its row (lowest price, earliest date): coloured and named in text. */
  best?(offer: ComparedOffer): string | null;
}

function comparisonRows(t: Translate, enquiry: Enquiry): ComparisonRow[] {
  const condition = (value: ComparedOffer['deliveryCondition']) =>
    value ? DELIVERY_CONDITION_LABELS[value] : EMPTY;
  return [
    {
      key: 'offerNumber',
      label: t('compare.offerNumber'),
      enquiry: EMPTY,
      offer: (o) => o.offerNumber ?? EMPTY,
    },
    { key: 'version', label: t('compare.version'), enquiry: EMPTY, offer: (o) => o.version },
    {
      key: 'state',
      label: t('compare.state'),
      enquiry: EMPTY,
      offer: (o) =>
        o.inRevision
          ? `${OFFER_STATE_LABELS[o.state]} (${t('compare.inRevision')})`
          : OFFER_STATE_LABELS[o.state],
    },
    {
      key: 'releaseDate',
      label: t('compare.releaseDate'),
      enquiry: EMPTY,
      offer: (o) => formatDate(o.releaseDate),
    },
    {
      key: 'price',
      label: t('compare.price'),
      enquiry: formatPrice(enquiry.price),
      offer: (o) => formatPrice(o.price),
      best: (o) => (o.lowestPrice ? t('compare.lowestPrice') : null),
    },
    {
      key: 'materialTotal',
      label: t('compare.materialTotal'),
      enquiry: EMPTY,
      offer: (o) => (
        <Stack gap={0}>
          <span>{formatPrice(o.materialTotal * enquiry.amount)}</span>
          {enquiry.amount > 1 && (
            <Text size="xs" c="dimmed">
              {t('compare.materialPerCabinet', { price: formatPrice(o.materialTotal) })}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'pricedLines',
      label: t('compare.pricedLines'),
      enquiry: EMPTY,
      offer: (o) => formatNumber(o.pricedLines, 0),
    },
    {
      key: 'longestDeliveryTime',
      label: t('compare.longestDeliveryTime'),
      enquiry: EMPTY,
      offer: (o) =>
        o.longestDeliveryTime === null ? EMPTY : t('compare.workingDays', { count: o.longestDeliveryTime }),
    },
    {
      key: 'deliveryDate',
      label: t('compare.deliveryDate'),
      enquiry: formatDate(enquiry.desiredDeliveryDate),
      offer: (o) => formatDate(o.desiredDeliveryDate),
      best: (o) => (o.earliestDate ? t('compare.earliestDate') : null),
    },
    {
      key: 'deliveryCondition',
      label: t('compare.deliveryCondition'),
      enquiry: condition(enquiry.deliveryCondition),
      offer: (o) => condition(o.deliveryCondition),
    },
    {
      key: 'technicalChanges',
      label: t('compare.technicalChanges'),
      enquiry: EMPTY,
      offer: (o) =>
        o.technicalChanges.length === 0 ? (
          t('compare.noChanges')
        ) : (
          <List size="sm" spacing={2}>
            {o.technicalChanges.map((change) => (
              <List.Item key={change.field}>
                {t('compare.change', { label: change.label, from: change.enquiryText, to: change.offerText })}
              </List.Item>
            ))}
          </List>
        ),
    },
  ];
}

function ComparisonCell({ row, offer }: { row: ComparisonRow; offer: ComparedOffer }) {
  const best = row.best?.(offer) ?? null;
  return (
    <Table.Td
      style={best ? { background: HIGHLIGHT } : undefined}
      data-best={best ? 'true' : undefined}
      fw={best ? 700 : undefined}
    >
      <Group gap={6} wrap="nowrap" align="flex-start">
        <span>{row.offer(offer)}</span>
        {best && (
          <Badge color="green" variant="filled" size="sm">
            {best}
          </Badge>
        )}
      </Group>
    </Table.Td>
  );
}

/**
 * On the customer's released enquiry, the released offers side by side (supplier, version,
 * state, price with work, the lines' sum without work, delivery date and condition, technical fields changed
 * against the enquiry), the lowest price and the earliest date highlighted in colour and in words,
 * "Annehmen" on every offer the customer may accept, and the lines compared and awarded line by line.
 */
export function OfferComparison({ enquiryId }: { enquiryId: string }) {
  const t = useOfferT();
  const comparison = useOfferComparison(enquiryId);
  const [accepting, setAccepting] = useState<ComparedOffer | null>(null);

  if (comparison.isPending) {
    return (
      <Center aria-label={t('compare.loading')}>
        <Loader size="sm" />
      </Center>
    );
  }
  if (comparison.isError) {
    return <Alert color="red">{t('compare.loadFailed', { reason: comparison.error.message })}</Alert>;
  }
  const { enquiry, offers } = comparison.data;
  const rows = comparisonRows(t, enquiry);

  return (
    <Stack gap="sm" data-testid="offer-comparison">
      <Title order={2} size="h3">
        {t('compare.title')}
      </Title>
      {offers.length === 0 ? (
        <Text c="dimmed">{t('compare.empty')}</Text>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {t('compare.intro')}
          </Text>
          {comparison.data.enquiry.awarded && (
            <Alert color="blue" data-testid="comparison-awarded">
              {t('compare.awarded')}
            </Alert>
          )}
          <Table.ScrollContainer minWidth={320 + offers.length * 220}>
            <Table aria-label={t('compare.label')} withTableBorder withColumnBorders verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('compare.field')}</Table.Th>
                  <Table.Th scope="col">{t('compare.enquiry')}</Table.Th>
                  {offers.map((offer) => (
                    <Table.Th scope="col" key={offer.id}>
                      {offer.supplierName}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.key}>
                    <Table.Th scope="row">{row.label}</Table.Th>
                    <Table.Td>{row.enquiry}</Table.Td>
                    {offers.map((offer) => (
                      <ComparisonCell key={offer.id} row={row} offer={offer} />
                    ))}
                  </Table.Tr>
                ))}
                <Table.Tr>
                  <Table.Td />
                  <Table.Td />
                  {offers.map((offer) => (
                    <Table.Td key={offer.id}>
                      <Group gap="xs">
                        <Anchor component={Link} to={`/offer/${offer.id}`} size="sm">
                          {t('compare.open')}
                        </Anchor>
                        {offer.acceptable && (
                          <Button
                            size="xs"
                            color="green"
                            aria-label={t('compare.acceptFor', { supplier: offer.supplierName })}
                            onClick={() => setAccepting(offer)}
                          >
                            {t('compare.accept')}
                          </Button>
                        )}
                      </Group>
                    </Table.Td>
                  ))}
                </Table.Tr>
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <OfferComparisonLines comparison={comparison.data} />
        </>
      )}
      {accepting && <OfferComparisonAcceptDialog offer={accepting} onClose={() => setAccepting(null)} />}
    </Stack>
  );
}
