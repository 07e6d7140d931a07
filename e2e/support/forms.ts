import { expect, type Page, test } from '@playwright/test';

/**
 * Helpers of the form journeys (e2e/tests/forms): a unique stamp for the journey's own records, API calls
 * of the signed-in browser context for the records a journey needs around its form, and the change
 * history panel (SPEC §3 changeEntries) of a record form.
 */
export function stamp(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`.toUpperCase();
}

/** A POST of the signed-in browser context (writes need the portal's own Origin). */
export async function apiPost<T>(page: Page, path: string, data: unknown): Promise<T> {
  const origin = test.info().project.use.baseURL ?? '';
  const response = await page.request.post(`/api${path}`, { data, headers: { origin } });
  expect(response.status(), `POST ${path}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as T;
}

export function changeHistory(page: Page) {
  return page.getByRole('table', { name: 'Änderungsverlauf' });
}

/** The history lists the change of `field` (as the UI names it) from `from` to `to`, exactly once. */
export async function expectChange(page: Page, field: string, from: string, to: string): Promise<void> {
  const cell = (text: string) => page.getByRole('cell', { name: text, exact: true });
  const rows = changeHistory(page)
    .getByRole('row')
    .filter({ has: cell(field) })
    .filter({ has: cell(from) })
    .filter({ has: cell(to) });
  await expect(rows, `Änderungsverlauf: ${field} ${from} → ${to}`).toHaveCount(1);
}

/** A save's success toast (Mantine notification) with this text. */
export async function expectToast(page: Page, text: string): Promise<void> {
  await expect(page.locator('.mantine-Notification-root').filter({ hasText: text })).toBeVisible();
}
