import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableState } from './use-table-state';

/**
 * The search field above a list. The field keeps what is typed in its own state and hands each change to the
 * table state (URL, back to page 1): a field whose value came straight from the URL lost keystrokes, because
 * each URL change re-renders the page in a transition while the next key is already typed. No timer: a
 * hand-over still pending when a row is opened would navigate back to the list.
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
  // What the field handed to the URL and has not seen come back yet: the URL renders each of them in turn.
  const handedOver = useRef<string[]>([]);
  // Back/forward or a link changed the search in the URL: the field shows it. The field's own values
  // coming back one after the other are no such change.
  useEffect(() => {
    const own = handedOver.current.indexOf(table.search);
    if (own >= 0) {
      handedOver.current = handedOver.current.slice(own + 1);
      return;
    }
    handedOver.current = [];
    setText(table.search);
  }, [table.search]);

  return (
    <TextInput
      label={label ?? t('search')}
      placeholder={placeholder}
      description={description}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={text}
      onChange={(event) => {
        const value = event.currentTarget.value;
        setText(value);
        handedOver.current.push(value);
        table.setSearch(value);
      }}
    />
  );
}
