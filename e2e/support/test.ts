import { test as base, type ConsoleMessage, type Page } from '@playwright/test';

/**
 * The e2e suite's `test`: every journey fails on an uncaught page error or a `console.error` of any page of
 * its browser context (pages opened later included). A journey whose subject is a refused request (a 409 on
 * a stale save, a 401 on a wrong password) declares the browser's own "Failed to load resource" line for
 * that status with `expectConsoleErrors`; anything else the portal logs is a defect.
 */
export { expect } from '@playwright/test';

interface ErrorWatch {
  /** Patterns of console errors this journey provokes on purpose. */
  expected: RegExp[];
  seen: string[];
}

const watches = new WeakMap<Page, ErrorWatch>();

function watch(page: Page, shared: ErrorWatch): void {
  watches.set(page, shared);
  page.on('pageerror', (error) => shared.seen.push(`pageerror: ${error.message}`));
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    if (shared.expected.some((pattern) => pattern.test(text))) return;
    const where = message.location().url;
    shared.seen.push(`console.error: ${text}${where ? ` (${where})` : ''}`);
  });
}

/** The browser's line for an answer with this HTTP status, as Chromium logs it. */
export function failedResource(status: number): RegExp {
  return new RegExp(`Failed to load resource: .*status of ${status}\\b`);
}

/** Declares console errors the current journey provokes on purpose (for every page of its context). */
export function expectConsoleErrors(page: Page, ...patterns: RegExp[]): void {
  const shared = watches.get(page);
  if (!shared) throw new Error('Diese Seite wird nicht von der e2e-Fixture beobachtet.');
  shared.expected.push(...patterns);
}

export const test = base.extend<{ errorWatch: ErrorWatch }>({
  errorWatch: [
    async ({ context, browser }, use) => {
      const shared: ErrorWatch = { expected: [], seen: [] };
      const watchContext = (target: typeof context) => {
        for (const page of target.pages()) watch(page, shared);
        target.on('page', (page) => watch(page, shared));
      };
      watchContext(context);
      // Journeys with several people open their own contexts from `browser`; those are watched as well.
      const originalNewContext = browser.newContext.bind(browser);
      browser.newContext = async (...args) => {
        const created = await originalNewContext(...args);
        watchContext(created);
        return created;
      };
      await use(shared);
      browser.newContext = originalNewContext;
      if (shared.seen.length > 0)
        throw new Error(`Fehler im Browser während der Reise:\n${shared.seen.join('\n')}`);
    },
    { auto: true },
  ],
});
