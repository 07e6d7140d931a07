import { CloseButton, Group, Pill, Stack, Text, TextInput } from '@mantine/core';
import { addAlternative } from '@portal/domain/rules/article-alternatives';
import { type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface AlternativesPanelProps {
  label: string;
  values: string[];
  /** The article's own number of the same kind: never allowed as alternative (SPEC §5). */
  ownNumber: string | null | undefined;
  onChange(values: string[]): void;
  /** Problems the server or the schema found in the saved list. */
  error?: string;
  disabled?: boolean;
}

/**
 * SPEC §2/§5 alternatives panel: a number is typed and confirmed with Enter; it is trimmed and refused
 * (with the reason under the input) when empty, already listed or the article's own number. Entries show
 * as chips and can be removed.
 */
export function AlternativesPanel({
  label,
  values,
  ownNumber,
  onChange,
  error,
  disabled,
}: AlternativesPanelProps) {
  const { t } = useTranslation('article');
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const result = addAlternative(values, draft, ownNumber);
    if (!result.ok) {
      setProblem(result.message);
      return;
    }
    onChange(result.alternatives);
    setDraft('');
    setProblem(null);
  };

  return (
    <Stack gap={6}>
      <TextInput
        label={label}
        placeholder={t('alternatives.placeholder')}
        value={draft}
        disabled={disabled}
        error={problem ?? error}
        onChange={(event) => {
          setDraft(event.currentTarget.value);
          setProblem(null);
        }}
        onKeyDown={handleKeyDown}
      />
      {values.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('alternatives.empty')}
        </Text>
      ) : (
        <Group gap={6} role="list" aria-label={label}>
          {values.map((value) => (
            <Pill key={value} size="md" role="listitem">
              <Group gap={4} wrap="nowrap">
                <span>{value}</span>
                {!disabled && (
                  <CloseButton
                    size="xs"
                    aria-label={t('alternatives.remove', { number: value })}
                    onClick={() => onChange(values.filter((other) => other !== value))}
                  />
                )}
              </Group>
            </Pill>
          ))}
        </Group>
      )}
    </Stack>
  );
}
