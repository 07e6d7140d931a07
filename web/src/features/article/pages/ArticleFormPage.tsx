import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Badge, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { canWriteArticles } from '@portal/domain/permissions';
import { purchasePricePerPiece } from '@portal/domain/rules/article-price';
import { type ArticleBody, type ArticleValues, articleFormSchema } from '@portal/domain/schemas/article';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Controller, type FieldPath, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { PageProps } from '../../../app/page-props';
import { ChangeHistory } from '../../../components/ChangeHistory';
import { EditConflictAlert, useEditConflict } from '../../../components/edit-conflict';
import { FormActions } from '../../../components/form';
import { ApiError } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { toActor, useSession } from '../../auth';
import { fetchArticle, useArticle } from '../api/get-article';
import {
  useDiscountGroupOptions,
  useManufacturerOptions,
  useUnitOptions,
  useWholesalerOptions,
} from '../api/get-article-options';
import { useSaveArticle } from '../api/save-article';
import { AlternativesPanel } from '../components/AlternativesPanel';
import {
  ClassificationSection,
  CustomsSection,
  DimensionsSection,
  MasterDataSection,
  PricesSection,
  Section,
  UnitsSection,
} from '../components/ArticleFormSections';
import { articleConflictFields } from '../components/article-conflict-fields';
import { EMPTY_ARTICLE, toForm } from '../components/article-form-values';
import { formatPiecePrice, formatUnitPrice } from '../components/format-unit-price';
import { WholesalerPrices } from '../components/WholesalerPrices';

const CONFLICT_CODES = ['ARTICLE_NUMBER_TAKEN', 'ARTICLE_CONFLICT', 'ARTICLE_MISSING_VALUES'];

/** SPEC §2 article form (`/article/{id}`, `/article/new`); read-only for the operator's staff. */
export default function ArticleFormPage({ params }: PageProps) {
  const { t } = useTranslation('article');
  const navigate = useNavigate();
  const isNew = params.id === 'new';
  const actor = toActor(useSession().data);
  const canWrite = !!actor && canWriteArticles(actor);
  const article = useArticle(isNew ? undefined : params.id);
  const save = useSaveArticle();
  const manufacturers = useManufacturerOptions();
  const units = useUnitOptions();
  const wholesalers = useWholesalerOptions();
  const form = useForm<ArticleBody, unknown, ArticleValues>({
    resolver: zodResolver(articleFormSchema),
    defaultValues: EMPTY_ARTICLE,
  });
  const { control } = form;
  const [manufacturerId, orderNumber, manufacturerNumber, discountGroupId] = useWatch({
    control,
    name: ['manufacturerId', 'orderNumber', 'manufacturerNumber', 'discountGroupId'],
  });
  const [purchasePrice, listPrice, priceUnitSize, unitId] = useWatch({
    control,
    name: ['purchasePrice', 'listPrice', 'priceUnitSize', 'unitId'],
  });
  const discountGroups = useDiscountGroupOptions(manufacturerId);
  const data = article.data;
  const queryClient = useQueryClient();
  const edit = useEditConflict({
    form,
    record: data,
    toForm,
    fields: articleConflictFields((field) => t(`fields.${field}` as 'fields.manufacturer'), {
      manufacturers: manufacturers.data,
      units: units.data,
      discountGroups: discountGroups.data,
      wholesalers: wholesalers.data,
    }),
    loadCurrent: () => fetchArticle(data?.id ?? ''),
    onReloaded: (current) => queryClient.setQueryData(['article', current.id], current),
  });

  // A discount group belongs to one manufacturer: a group of another manufacturer is dropped.
  useEffect(() => {
    if (!discountGroupId) return;
    if (
      !manufacturerId ||
      (discountGroups.data && !discountGroups.data.some((g) => g.value === discountGroupId))
    ) {
      form.setValue('discountGroupId', null);
    }
  }, [manufacturerId, discountGroupId, discountGroups.data, form]);

  const discountPercent =
    discountGroups.data?.find((group) => group.value === discountGroupId)?.percent ?? null;
  const calculated = purchasePricePerPiece({ purchasePrice, listPrice, priceUnitSize, discountPercent });
  const unitName = units.data?.find((unit) => unit.value === unitId)?.label ?? null;
  const listPriceText = formatUnitPrice(listPrice, priceUnitSize, unitName);

  const handleSubmit = form.handleSubmit((body) => {
    save.mutate(
      { id: isNew ? undefined : params.id, body, lastUpdate: edit.lastUpdate() },
      {
        onSuccess: (saved) => {
          edit.saved(saved);
          notifySuccess(t('form.saved'));
          if (isNew) navigate(`/article/${saved.id}`, { replace: true });
        },
        onError: (error) => {
          if (edit.catchConflict(error)) return;
          if (!(error instanceof ApiError)) return notifyError(t('errors.default'));
          for (const issue of error.issues) {
            const path = issue.path.replace(/^body\./, '') as FieldPath<ArticleBody>;
            if (path) form.setError(path, { message: issue.message });
          }
          if (error.code === 'ARTICLE_NUMBER_TAKEN' || error.code === 'ARTICLE_CONFLICT') {
            form.setError('orderNumber', { message: t(`errors.${error.code}`) });
          }
          notifyError(
            CONFLICT_CODES.includes(error.code)
              ? t(`errors.${error.code}` as 'errors.default')
              : error.message,
          );
        },
      },
    );
  });

  if (article.isError) throw article.error;
  const number = data?.orderNumber ?? data?.manufacturerNumber ?? '';
  const eclassCurrent = data?.eclass9_1Id
    ? { value: data.eclass9_1Id, label: `${data.eclassNumber ?? ''} – ${data.eclassDescription ?? ''}` }
    : null;

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {isNew ? t('form.titleNew') : t('form.title', { number })}
        </Title>
        {data && (
          <Badge variant="light">
            {t('form.importSource', { source: t(`importSource.${data.articleImportSource}`) })}
          </Badge>
        )}
      </Group>
      <form onSubmit={handleSubmit} noValidate aria-label={t('list.title')}>
        <EditConflictAlert edit={edit} mb="md" />
        <fieldset disabled={!canWrite} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack>
            <MasterDataSection control={control} manufacturers={manufacturers.data ?? []} />
            <Section title={t('form.groups.alternatives')}>
              <Grid>
                {(
                  [
                    ['possibleOrderNumbers', t('alternatives.orderNumbers'), orderNumber],
                    [
                      'possibleManufacturerNumbers',
                      t('alternatives.manufacturerNumbers'),
                      manufacturerNumber,
                    ],
                  ] as const
                ).map(([name, label, own]) => (
                  <Grid.Col key={name} span={{ base: 12, md: 6 }}>
                    <Controller
                      control={control}
                      name={name}
                      render={({ field, fieldState }) => (
                        <AlternativesPanel
                          label={label}
                          values={field.value ?? []}
                          ownNumber={own}
                          onChange={field.onChange}
                          disabled={!canWrite}
                          error={
                            fieldState.error?.message ??
                            (Array.isArray(fieldState.error)
                              ? fieldState.error.find(Boolean)?.message
                              : undefined)
                          }
                        />
                      )}
                    />
                  </Grid.Col>
                ))}
              </Grid>
            </Section>
            <DimensionsSection control={control} />
            <PricesSection
              control={control}
              discountGroups={discountGroups.data ?? []}
              manufacturerChosen={!!manufacturerId}
              calculated={
                <Alert variant="light" color="blue" title={t('form.calculatedPrice')}>
                  <Text fw={700} data-testid="calculated-price">
                    {calculated === null ? t('form.noPrice') : formatPiecePrice(calculated)}
                  </Text>
                  {listPriceText.perPiece && (
                    <Text size="sm" data-testid="list-price-per-unit">
                      {t('form.listPricePerUnit', {
                        price: listPriceText.price,
                        perPiece: listPriceText.perPiece,
                      })}
                    </Text>
                  )}
                  <Text size="xs" c="dimmed">
                    {t('form.calculatedPriceHint')}
                  </Text>
                </Alert>
              }
            />
            <UnitsSection control={control} units={units.data ?? []} />
            <CustomsSection control={control} />
            <ClassificationSection control={control} current={eclassCurrent} catalog={data} />
            <Section title={t('form.groups.wholesalers')}>
              <WholesalerPrices control={control} wholesalers={wholesalers.data ?? []} disabled={!canWrite} />
            </Section>
          </Stack>
        </fieldset>
        <FormActions backTo="/article" saving={save.isPending} canSave={canWrite} />
      </form>
      {data && (
        <ChangeHistory
          entries={data.changeEntries}
          fieldLabel={(field) => t(`fields.${field}` as 'fields.manufacturer', { defaultValue: field })}
        />
      )}
    </Stack>
  );
}
