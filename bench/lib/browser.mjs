// Headless Chromium (Debian's, as the e2e tests use it) for the benchmarks that measure what a person sees.
import { chromium } from 'playwright';

const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchChromium() {
  return chromium.launch({
    executablePath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/**
 * Loads the login page in a fresh context (empty cache, no cookies) until it has rendered (its h1 and the
 * password field visible) and the load event has passed. Returns `renderedAt` (performance.now() when the
 * form was visible). `onResponse` sees every response of the load.
 */
export async function loadLoginPage(browser, base, { onResponse, timeoutMs = 60_000 } = {}) {
  const context = await browser.newContext({ locale: 'de-DE', serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    if (onResponse) page.on('response', onResponse);
    await page.goto(`${base}/login`, { waitUntil: 'commit', timeout: timeoutMs });
    await page.locator('h1').first().waitFor({ state: 'visible', timeout: timeoutMs });
    await page.locator('input[type="password"]').first().waitFor({ state: 'visible', timeout: timeoutMs });
    const renderedAt = performance.now();
    await page.waitForLoadState('load', { timeout: timeoutMs });
    return { renderedAt };
  } finally {
    await context.close();
  }
}
