import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './test';

/**
 * WCAG 2.2 AA checked by axe-core on the page as it stands (open dialogs and drawers included). A violation
 * of impact serious or critical fails the journey; minor and moderate ones are attached to the report and
 * appended to `e2e/test-results/axe-findings.jsonl` (one line per check and rule), which the closing
 * figures per rule are counted from.
 */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
const FAILING = new Set(['serious', 'critical']);

const findingsFile = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'test-results',
  'axe-findings.jsonl',
);

export interface AxeFinding {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
  /** axe's own account of the first element (e.g. the colours and ratio of a contrast finding). */
  summary: string;
}

export async function axeFindings(page: Page): Promise<AxeFinding[]> {
  // A dialog fading in, or a button's colour still changing after the click, has colours between its states:
  // axe would measure the contrast of a frame nobody reads. Finite transitions are waited for (spinners run on).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact ?? 'minor',
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.join(' ')),
    summary: violation.nodes[0]?.failureSummary ?? '',
  }));
}

/** Runs axe on the current page; `where` names the screen, role and width in the report. */
export async function expectAccessible(page: Page, where: string): Promise<void> {
  const findings = await axeFindings(page);
  mkdirSync(path.dirname(findingsFile), { recursive: true });
  for (const finding of findings)
    appendFileSync(findingsFile, `${JSON.stringify({ where, ...finding, nodes: finding.targets.length })}\n`);
  if (findings.length > 0)
    await test.info().attach(`axe ${where}`, {
      body: JSON.stringify(findings, null, 2),
      contentType: 'application/json',
    });
  const failing = findings.filter((finding) => FAILING.has(finding.impact));
  expect
    .soft(
      failing.map(
        (finding) => `${finding.impact} ${finding.rule}: ${finding.help} → ${finding.targets.join(', ')}`,
      ),
      `axe auf ${where}`,
    )
    .toEqual([]);
}
