import { Button } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';

/** The red delete button of a list, usable once at least one row is selected. */
export function DeleteSelectedButton({
  selected,
  onClick,
  label,
}: {
  selected: number;
  onClick(): void;
  label: string;
}) {
  return (
    <Button
      color="red"
      variant="light"
      leftSection={<IconTrash size={16} />}
      disabled={selected === 0}
      onClick={onClick}
    >
      {label}
    </Button>
  );
}
