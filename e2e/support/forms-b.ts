import type { Locator, Page } from '@playwright/test';
import { expect } from './test';

/** A unique stamp per journey run, for names of records the journey creates (journeys run in parallel). */
export function stamp(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
}

/** The change history panel (ChangeHistory) of a form page. */
export function changeHistory(page: Page): Locator {
  return page.getByRole('table', { name: 'Änderungsverlauf' });
}

/** Expects the history to hold a row for this field from the old to the new value (as the panel shows them). */
export async function expectHistoryRow(page: Page, field: string, from: string, to: string): Promise<void> {
  const row = changeHistory(page)
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: field, exact: true }) })
    .filter({ has: page.getByRole('cell', { name: from, exact: true }) })
    .filter({ has: page.getByRole('cell', { name: to, exact: true }) });
  await expect(row).toHaveCount(1);
}

/** Waits for the first element of a page just opened or reloaded. */
export async function expectLoaded(locator: Locator): Promise<void> {
  await expect(locator).toBeVisible();
}
