import { Grid, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import type { ArticleBody, ArticleResponse, ArticleValues } from '@portal/domain/schemas/article';
import type { ReactNode } from 'react';
import { type Control, Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { NumberField, SelectField, TextareaField, TextField } from '../../../components/form';
import type { Option } from '../api/get-article-options';
import { CatalogClasses } from './CatalogClasses';
import { EclassSelect } from './EclassSelect';

type FormControl = Control<ArticleBody, unknown, ArticleValues>;

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

const half = { base: 12, sm: 6, lg: 4 };
const quarter = { base: 12, sm: 6, lg: 3 };

/** Stammdaten: manufacturer, numbers, description, links. */
export function MasterDataSection({
  control,
  manufacturers,
}: {
  control: FormControl;
  manufacturers: Option[];
}) {
  const { t } = useTranslation('article');
  return (
    <Section title={t('form.groups.master')}>
      <Grid>
        <Grid.Col span={half}>
          <SelectField
            control={control}
            name="manufacturerId"
            label={t('fields.manufacturer')}
            required
            searchable
            data={manufacturers}
          />
        </Grid.Col>
        <Grid.Col span={half}>
          <TextField control={control} name="orderNumber" label={t('fields.orderNumber')} />
        </Grid.Col>
        <Grid.Col span={half}>
          <TextField control={control} name="manufacturerNumber" label={t('fields.manufacturerNumber')} />
        </Grid.Col>
        <Grid.Col span={half}>
          <TextField control={control} name="erpNumber" label={t('fields.erpNumber')} />
        </Grid.Col>
        <Grid.Col span={half}>
          <TextField control={control} name="eanNumber" label={t('fields.eanNumber')} />
        </Grid.Col>
        <Grid.Col span={half}>
          <NumberField
            control={control}
            name="deliveryTime"
            label={t('fields.deliveryTime')}
            min={0}
            decimalScale={0}
          />
        </Grid.Col>
        <Grid.Col span={12}>
          <TextareaField
            control={control}
            name="description"
            label={t('fields.description')}
            autosize
            minRows={2}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <TextField control={control} name="manufacturerLink" label={t('fields.manufacturerLink')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <TextField control={control} name="image" label={t('fields.image')} />
        </Grid.Col>
      </Grid>
    </Section>
  );
}

/** Maße und Gewicht (cm, kg; SPEC §5 step 0.01, min 0). */
export function DimensionsSection({ control }: { control: FormControl }) {
  const { t } = useTranslation('article');
  return (
    <Section title={t('form.groups.dimensions')}>
      <Grid>
        {(['width', 'height', 'depth'] as const).map((name) => (
          <Grid.Col key={name} span={quarter}>
            <NumberField
              control={control}
              name={name}
              label={t(`fields.${name}`)}
              min={0}
              step={0.01}
              decimalScale={2}
            />
          </Grid.Col>
        ))}
        <Grid.Col span={quarter}>
          <NumberField
            control={control}
            name="weight"
            label={t('fields.weight')}
            min={0}
            step={0.01}
            decimalScale={4}
          />
        </Grid.Col>
      </Grid>
    </Section>
  );
}

/** Preise: list price, purchase price, discount group, and the calculated price per piece. */
export function PricesSection({
  control,
  discountGroups,
  manufacturerChosen,
  calculated,
}: {
  control: FormControl;
  discountGroups: Option[];
  manufacturerChosen: boolean;
  calculated: ReactNode;
}) {
  const { t } = useTranslation('article');
  return (
    <Section title={t('form.groups.prices')}>
      <Grid>
        <Grid.Col span={half}>
          <NumberField
            control={control}
            name="listPrice"
            label={t('fields.listPrice')}
            min={0}
            decimalScale={4}
          />
        </Grid.Col>
        <Grid.Col span={half}>
          <NumberField
            control={control}
            name="purchasePrice"
            label={t('fields.purchasePrice')}
            min={0}
            decimalScale={4}
          />
        </Grid.Col>
        <Grid.Col span={half}>
          <SelectField
            control={control}
            name="discountGroupId"
            label={t('fields.discountGroup')}
            searchable
            clearable
            disabled={!manufacturerChosen}
            data={discountGroups}
          />
        </Grid.Col>
        <Grid.Col span={12}>{calculated}</Grid.Col>
      </Grid>
    </Section>
  );
}

/** Einheiten: unit and the unit sizes (step 0.01). */
export function UnitsSection({ control, units }: { control: FormControl; units: Option[] }) {
  const { t } = useTranslation('article');
  const sizes = [
    'priceUnitSize',
    'packagingUnitSize',
    'orderQuantityUnitSize',
    'minimumOrderQuantityUnitSize',
  ] as const;
  return (
    <Section title={t('form.groups.units')}>
      <Grid>
        <Grid.Col span={{ base: 12, sm: 6, lg: 4 }}>
          <SelectField
            control={control}
            name="unitId"
            label={t('fields.unit')}
            searchable
            clearable
            data={units}
          />
        </Grid.Col>
        {sizes.map((name) => (
          <Grid.Col key={name} span={{ base: 12, sm: 6, lg: 2 }}>
            <NumberField
              control={control}
              name={name}
              label={t(`fields.${name}`)}
              min={0}
              step={0.01}
              decimalScale={2}
            />
          </Grid.Col>
        ))}
      </Grid>
    </Section>
  );
}

/** Zoll und Kupfer: customs, origin, RoHS and the copper surcharge fields (copper base step 1). */
export function CustomsSection({ control }: { control: FormControl }) {
  const { t } = useTranslation('article');
  return (
    <Section title={t('form.groups.copper')}>
      <Grid>
        <Grid.Col span={quarter}>
          <TextField control={control} name="customsTarifNumber" label={t('fields.customsTarifNumber')} />
        </Grid.Col>
        <Grid.Col span={quarter}>
          <TextField
            control={control}
            name="countryOfOriginAbbreviation"
            label={t('fields.countryOfOriginAbbreviation')}
          />
        </Grid.Col>
        <Grid.Col span={quarter}>
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('fields.rohs')}
            </Text>
            <Controller
              control={control}
              name="rohs"
              render={({ field }) => (
                <SegmentedControl
                  aria-label={t('fields.rohs')}
                  value={field.value === true ? 'yes' : field.value === false ? 'no' : 'unknown'}
                  onChange={(value) => field.onChange(value === 'yes' ? true : value === 'no' ? false : null)}
                  data={[
                    { value: 'yes', label: t('form.rohsYes') },
                    { value: 'no', label: t('form.rohsNo') },
                    { value: 'unknown', label: t('form.rohsUnknown') },
                  ]}
                />
              )}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={quarter}>
          <TextField control={control} name="surchargeCode" label={t('fields.surchargeCode')} />
        </Grid.Col>
        <Grid.Col span={quarter}>
          <TextField control={control} name="copperCode" label={t('fields.copperCode')} />
        </Grid.Col>
        <Grid.Col span={quarter}>
          <NumberField
            control={control}
            name="copperBaseValue"
            label={t('fields.copperBaseValue')}
            min={0}
            step={1}
            decimalScale={0}
          />
        </Grid.Col>
        <Grid.Col span={quarter}>
          <NumberField
            control={control}
            name="copperWeight"
            label={t('fields.copperWeight')}
            min={0}
            decimalScale={4}
          />
        </Grid.Col>
      </Grid>
    </Section>
  );
}

/** Klassifizierung: the E-Class entry. */
export function ClassificationSection({
  control,
  current,
  catalog,
}: {
  control: FormControl;
  current: Option | null;
  /** What an imported catalog gave the article (classes, references); absent for a new article. */
  catalog?: Pick<ArticleResponse, 'classes' | 'catalogReferences'>;
}) {
  const { t } = useTranslation('article');
  return (
    <Section title={t('form.groups.classification')}>
      <Grid>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <EclassSelect control={control} current={current} />
        </Grid.Col>
      </Grid>
      {catalog && <CatalogClasses classes={catalog.classes} references={catalog.catalogReferences} />}
    </Section>
  );
}
