import { Text } from '@mantine/core';

/** The name variants of a row, comma separated and dimmed (list column). */
export function VariantsText({ variants }: { variants: string[] }) {
  return (
    <Text size="sm" c="dimmed" lineClamp={2}>
      {variants.join(', ') || '–'}
    </Text>
  );
}
