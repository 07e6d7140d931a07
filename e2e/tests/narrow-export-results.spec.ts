import { signInAs } from '../support/auth';
import { expect, test } from '../support/test';
import { DEMO } from '../support/users';

/**
 * On a phone (390 px) the article page with its export results stays 390 px wide and
 * the download of a result can be reached without scrolling sideways.
 */
test.use({ viewport: { width: 390, height: 844 } });

test('Exportergebnisse auf dem Telefon: die Seite bleibt schmal, Herunterladen ist erreichbar', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signInAs(page, DEMO.admin.email);
  await page.goto('/article');
  await page.getByRole('button', { name: 'Exportieren' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Export starten' }).click();
  const results = page.getByRole('table', { name: 'Exportergebnisse' });
  await expect(results.getByRole('row')).not.toHaveCount(0);
  await expect(results.getByRole('row').nth(1)).toBeVisible({ timeout: 30_000 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const download = results.getByRole('button', { name: 'Herunterladen' }).first();
  await download.scrollIntoViewIfNeeded();
  const box = (await download.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
});
