import { expect, type Page } from '@playwright/test';

/** The signed-in shell (web/src/app/layout/AppLayout.tsx) and the router's answers. */
export const NOT_FOUND_TEXT = 'Die aufgerufene URL konnte nicht zugeordnet werden.';

export function mainMenu(page: Page) {
  return page.getByTestId('main-menu');
}

/** The menu entries' ids (`data-menu`) in display order. */
export async function menuIds(page: Page): Promise<string[]> {
  const links = mainMenu(page).locator('[data-menu]');
  await expect(links.first()).toBeVisible();
  return links.evaluateAll((elements) => elements.map((element) => element.getAttribute('data-menu') ?? ''));
}

/** Asserts the path (without query) the app shows after redirects settled. */
export async function expectPath(page: Page, path: string): Promise<void> {
  await expect.poll(() => new URL(page.url()).pathname).toBe(path);
}

export async function expectNotFound(page: Page): Promise<void> {
  await expect(page.getByText(NOT_FOUND_TEXT)).toBeVisible();
}

/** Opens a menu entry by its id and waits for its path. */
export async function openMenu(page: Page, id: string, path: string): Promise<void> {
  await mainMenu(page).locator(`[data-menu="${id}"]`).click();
  await expectPath(page, path);
}
