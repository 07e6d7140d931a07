import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Grid, Group, Stack } from '@mantine/core';
import {
  type Manufacturer,
  type ManufacturerBody,
  manufacturerBody,
  manufacturerDetail,
} from '@portal/domain/schemas/manufacturer';
import { IconArrowsExchange, IconList } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import type { PageProps } from '../../../app/page-props';
import { TextField } from '../../../components/form';
import { RecordFormLayout } from '../../../components/record-form';
import {
  isNameTakenElsewhere,
  NameFields,
  useFieldValueForm,
  useFieldValueTitle,
  useNamedHistory,
} from '../../field-values';
import { manufacturerKind } from '../api/manufacturer-kind';
import { MigrationDialog } from '../components/MigrationDialog';

type FormValues = ManufacturerBody;
const EMPTY: FormValues = { displayName: '', nameVariants: [], abbreviation: '', link: '' };

function toForm(item: Manufacturer): FormValues {
  return {
    displayName: item.displayName,
    nameVariants: item.nameVariants,
    abbreviation: item.abbreviation ?? '',
    link: item.link ?? '',
  };
}

/** SPEC §2 manufacturer form (also `/new`): names, abbreviation, link; articles button and migration. */
export default function ManufacturerFormPage({ params }: PageProps) {
  const { t } = useTranslation('fieldvalues');
  const id = params.id === 'new' ? undefined : params.id;
  const [migrationOpen, setMigrationOpen] = useState(false);
  const form = useForm<FormValues, unknown, z.output<typeof manufacturerBody>>({
    resolver: zodResolver(manufacturerBody),
    defaultValues: EMPTY,
  });
  const page = useFieldValueForm(manufacturerKind, manufacturerDetail, {
    form,
    id,
    toForm,
    fields: [
      { name: 'displayName', label: t('form.displayName') },
      { name: 'nameVariants', label: t('form.nameVariants') },
      { name: 'abbreviation', label: t('manufacturer.abbreviation') },
      { name: 'link', label: t('manufacturer.link') },
    ],
  });
  const data = page.record;
  const title = useFieldValueTitle(page, t('manufacturer.one'));
  const history = useNamedHistory({
    abbreviation: t('manufacturer.abbreviation'),
    link: t('manufacturer.link'),
  });

  return (
    <RecordFormLayout
      page={page}
      title={title}
      history={history}
      actions={
        data && (
          <Group>
            <Button
              component={Link}
              to={`/article?manufacturer=${data.id}`}
              variant="light"
              leftSection={<IconList size={16} />}
            >
              {t('manufacturer.showArticles')}
            </Button>
            <Button
              variant="light"
              leftSection={<IconArrowsExchange size={16} />}
              onClick={() => setMigrationOpen(true)}
            >
              {t('manufacturer.migration')}
            </Button>
          </Group>
        )
      }
      after={
        data && (
          <MigrationDialog
            manufacturer={data}
            opened={migrationOpen}
            onClose={() => setMigrationOpen(false)}
          />
        )
      }
    >
      <Grid>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack>
            <NameFields
              form={form}
              isTakenElsewhere={(name) => isNameTakenElsewhere('manufacturer', name, data?.id)}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack>
            <TextField control={form.control} name="abbreviation" label={t('manufacturer.abbreviation')} />
            <TextField
              control={form.control}
              name="link"
              label={t('manufacturer.link')}
              placeholder={t('manufacturer.linkPlaceholder')}
              type="url"
            />
          </Stack>
        </Grid.Col>
      </Grid>
    </RecordFormLayout>
  );
}
