import { expect, type Page } from '@playwright/test';

/**
 * Helpers of the accessibility walk: ids of demo records read through the API as the signed-in person, and
 * "the page has settled" (its one `h1` is there, no loader turns, no skeleton waits).
 */
type Listed = { id: string } & Record<string, unknown>;

export async function listed(page: Page, url: string): Promise<Listed[]> {
  const response = await page.request.get(url);
  expect(response.status(), `GET ${url}`).toBe(200);
  const body = (await response.json()) as Listed[] | { content: Listed[] };
  return Array.isArray(body) ? body : body.content;
}

export async function firstId(page: Page, url: string, where?: (item: Listed) => boolean): Promise<string> {
  const items = await listed(page, url);
  const item = where ? items.find(where) : items[0];
  expect(item, `ein Eintrag aus ${url}`).toBeDefined();
  return item!.id;
}

/** Waits until the screen shows its one heading of level 1 and nothing is loading any more. */
export async function settled(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.locator('.mantine-Loader-root:visible, [aria-busy="true"]:visible')).toHaveCount(0);
  await expect(page.locator('.mantine-Skeleton-root:visible')).toHaveCount(0);
}
