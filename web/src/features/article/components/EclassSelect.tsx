import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { ArticleBody, ArticleValues } from '@portal/domain/schemas/article';
import { useState } from 'react';
import { type Control, useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type Option, useEclassOptions } from '../api/get-article-options';

/** The article's E-Class entry, searched by number or description (the list can be long). */
export function EclassSelect({
  control,
  current,
  disabled,
}: {
  control: Control<ArticleBody, unknown, ArticleValues>;
  /** The entry the article has now, so that its label shows before any search. */
  current: Option | null;
  disabled?: boolean;
}) {
  const { t } = useTranslation('article');
  const { t: tc } = useTranslation();
  const { field } = useController({ control, name: 'eclass9_1Id' });
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const options = useEclassOptions(debounced);
  const data = [...(options.data ?? [])];
  if (current && !data.some((option) => option.value === current.value)) data.unshift(current);
  return (
    <Select
      label={t('fields.eclass')}
      searchable
      clearable
      disabled={disabled}
      data={data}
      value={field.value ?? null}
      onChange={(value) => field.onChange(value)}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={tc('form.nothingFound')}
    />
  );
}
