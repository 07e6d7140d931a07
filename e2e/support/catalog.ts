import type { Page } from '@playwright/test';
import { expect, test } from './test';

/**
 * Adds an article with `orderNumber` to the demo manufacturer `manufacturer` as the operator's administrator
 * signed in on `page` (a journey's world: a number that another manufacturer also carries). A run before may
 * have added it already (409); either way the article is there afterwards. Returns the master data's
 * manufacturers (id and display name) as read.
 */
export async function ensureCatalogArticle(
  page: Page,
  manufacturer: string,
  orderNumber: string,
): Promise<{ id: string; displayName: string }[]> {
  const list = await page.request.get('/api/manufacturer/all');
  expect(list.status(), await list.text()).toBe(200);
  const manufacturers = ((await list.json()) as { content: { id: string; displayName: string }[] }).content;
  const found = manufacturers.find((item) => item.displayName === manufacturer);
  expect(found, `${manufacturer} in den Demo-Stammdaten`).toBeDefined();
  const created = await page.request.post('/api/article/', {
    headers: { origin: test.info().project.use.baseURL! },
    data: { manufacturerId: found!.id, orderNumber, description: `Gleiche Nummer bei ${manufacturer}` },
  });
  expect([201, 409], await created.text()).toContain(created.status());
  return manufacturers;
}
