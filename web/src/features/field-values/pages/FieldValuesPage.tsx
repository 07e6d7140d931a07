import { Button, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  IconBuildingFactory2,
  IconDiscount2,
  IconHash,
  IconRuler2,
  IconTruckDelivery,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FolderDefaultsCard } from '../../business-data';

const ENTRIES: { key: 'discount' | 'manufacturer' | 'unit' | 'wholesaler' | 'eclass'; icon: ReactNode }[] = [
  { key: 'discount', icon: <IconDiscount2 size={28} /> },
  { key: 'manufacturer', icon: <IconBuildingFactory2 size={28} /> },
  { key: 'unit', icon: <IconRuler2 size={28} /> },
  { key: 'wholesaler', icon: <IconTruckDelivery size={28} /> },
  { key: 'eclass', icon: <IconHash size={28} /> },
];

/** SPEC §2 field values hub: buttons to discount groups, manufacturers, units, wholesalers, E-Class. */
export default function FieldValuesPage() {
  const { t } = useTranslation('fieldvalues');
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('hub.title')}
      </Title>
      <Text c="dimmed">{t('hub.intro')}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {ENTRIES.map(({ key, icon }) => (
          <Card key={key} withBorder radius="md" padding="lg">
            <Stack gap="sm" h="100%" justify="space-between">
              <div>
                {icon}
                <Text fw={600} mt="xs">
                  {t(`hub.${key}`)}
                </Text>
                <Text size="sm" c="dimmed">
                  {t(`hub.${key}Text`)}
                </Text>
              </div>
              <Button component={Link} to={`/fieldvalues/${key}`} variant="light">
                {t(`hub.${key}`)}
              </Button>
            </Stack>
          </Card>
        ))}
        <FolderDefaultsCard />
      </SimpleGrid>
    </Stack>
  );
}
