import { TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableState } from './use-table-state';

/** How long typing pauses before the list asks again: one request per word, not per keystroke. */
const SEARCH_PAUSE_MS = 250;

/**
 * The search field above a list. The field keeps what is typed itself and hands it to the table state (URL,
 * back to page 1) after a short pause: a field whose value came straight from the URL lost keystrokes,
 * because each URL change re-renders the page in a transition while the next key is already typed.
 */
export function TableSearch({
  table,
  label,
  placeholder,
  description,
}: {
  table: TableState;
  label?: string;
  placeholder?: string;
  description?: string;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(table.search);
  const handedOver = useRef(table.search);
  const handOver = useDebouncedCallback((value: string) => {
    handedOver.current = value;
    table.setSearch(value);
  }, SEARCH_PAUSE_MS);

  // Back/forward or a link changed the search in the URL: the field shows it.
  useEffect(() => {
    if (table.search !== handedOver.current) {
      handedOver.current = table.search;
      setText(table.search);
    }
  }, [table.search]);

  return (
    <TextInput
      label={label ?? t('search')}
      placeholder={placeholder}
      description={description}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        handOver(event.currentTarget.value);
      }}
    />
  );
}
