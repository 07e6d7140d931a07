import { Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The title row of a list page with its actions (delete, export, new, …) on the right. */
export function ListPageHeader({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <Group justify="space-between">
      <Title order={1} size="h2">
        {title}
      </Title>
      {children}
    </Group>
  );
}
