import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Moving through the portal with the keyboard only, as a person without a mouse does: Tab forwards, or
 * Shift+Tab when the target lies before the focus, until the target has the focus.
 */
const hasFocus = (target: Locator) =>
  target.evaluateAll((elements) => elements.some((element) => element === document.activeElement));

/** Whether the target comes before the element that has the focus now (then Shift+Tab reaches it sooner). */
const liesBehind = (target: Locator) =>
  target.evaluateAll((elements) => {
    const active = document.activeElement;
    const first = elements[0];
    if (!first || !active || active === document.body) return false;
    return Boolean(first.compareDocumentPosition(active) & Node.DOCUMENT_POSITION_FOLLOWING);
  });

/** Tabs to `target` (it must be on screen), at most `limit` key presses. */
export async function tabTo(page: Page, target: Locator, limit = 150): Promise<void> {
  await expect(target).toBeVisible();
  const key = (await liesBehind(target)) ? 'Shift+Tab' : 'Tab';
  for (let step = 0; step < limit && !(await hasFocus(target)); step += 1) await page.keyboard.press(key);
  expect(await hasFocus(target), `per ${key} erreichbar: ${target}`).toBe(true);
}

/** Tabs to `field` and types `text` into it. */
export async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.type(text);
  await expect(field).toHaveValue(text);
}

/**
 * The first Tab of a page: the skip link "Zum Inhalt springen" where the page has one, then Enter to jump
 * over header and menu. A page without it keeps the focus where the first Tab put it.
 */
export async function skipToContent(page: Page): Promise<void> {
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Zum Inhalt springen' });
  if (await hasFocus(skip)) await page.keyboard.press('Enter');
}
