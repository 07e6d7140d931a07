import { ActionIcon, Badge, Group, Input, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { addNameVariant, type NamedItem, nameKey } from '@portal/domain/rules/name-variants';
import { IconArrowBigUpLine, IconX } from '@tabler/icons-react';
import { type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface NameVariantsInputProps {
  /** The item as the form holds it (display name, abbreviation, variants). */
  item: NamedItem;
  onChange(nameVariants: string[]): void;
  /** SPEC §5: a variant can become the display name; the old display name joins the variants. */
  onPromote(variant: string): void;
  /** Whether another item of the kind already carries the name (asked when Enter confirms a variant). */
  isTakenElsewhere(name: string): Promise<boolean>;
  /** An error from saving (e.g. the server refused a name). */
  error?: string;
  disabled?: boolean;
}

/**
 * SPEC §5 name variants: typed, confirmed with Enter, trimmed; refused with 'Diese Bezeichnung wird bereits
 * verwendet.' when the item or another item of the kind already has the name. Each variant is a chip that
 * can be removed or promoted to the display name.
 */
export function NameVariantsInput({
  item,
  onChange,
  onPromote,
  isTakenElsewhere,
  error,
  disabled,
}: NameVariantsInputProps) {
  const { t } = useTranslation('fieldvalues');
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  const handleKeyDown = async (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const result = addNameVariant(item, text);
    if (!result.ok) {
      setProblem(result.reason === 'taken' ? t('form.variantTaken') : null);
      return;
    }
    setChecking(true);
    try {
      if (await isTakenElsewhere(text.trim())) {
        setProblem(t('form.variantTaken'));
        return;
      }
    } catch {
      // The server checks again on save; an unanswered check does not block typing.
    } finally {
      setChecking(false);
    }
    setProblem(null);
    setText('');
    onChange(result.nameVariants);
  };

  const remove = (variant: string) =>
    onChange(item.nameVariants.filter((name) => nameKey(name) !== nameKey(variant)));

  return (
    <Stack gap={6}>
      <TextInput
        label={t('form.nameVariants')}
        placeholder={t('form.variantInput')}
        description={t('form.variantHint')}
        value={text}
        disabled={disabled || checking}
        error={problem ?? error}
        data-testid="name-variant-input"
        onChange={(event) => {
          setText(event.currentTarget.value);
          setProblem(null);
        }}
        onKeyDown={(event) => void handleKeyDown(event)}
      />
      {item.nameVariants.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('form.noVariants')}
        </Text>
      ) : (
        <Input.Wrapper>
          <Group gap="xs" aria-label={t('form.nameVariants')} role="list">
            {item.nameVariants.map((variant) => (
              <Badge
                key={variant}
                role="listitem"
                variant="light"
                size="lg"
                tt="none"
                data-testid="name-variant"
                rightSection={
                  <Group gap={2} wrap="nowrap">
                    <Tooltip label={t('form.promote', { name: variant })}>
                      <ActionIcon
                        size="xs"
                        variant="subtle"
                        disabled={disabled}
                        aria-label={t('form.promote', { name: variant })}
                        onClick={() => onPromote(variant)}
                      >
                        <IconArrowBigUpLine size={14} />
                      </ActionIcon>
                    </Tooltip>
                    <ActionIcon
                      size="xs"
                      variant="subtle"
                      color="red"
                      disabled={disabled}
                      aria-label={t('form.remove', { name: variant })}
                      onClick={() => remove(variant)}
                    >
                      <IconX size={14} />
                    </ActionIcon>
                  </Group>
                }
              >
                {variant}
              </Badge>
            ))}
          </Group>
        </Input.Wrapper>
      )}
    </Stack>
  );
}
