/**
 * Demo catalog: article families of the demo manufacturers with numbers in each manufacturer's
 * own style (Siemens MLFB 3RT2015-1BB41, Phoenix Contact 3044076 / "UT 2,5", WAGO 2002-1201, Rittal
 * 1060.000 / "AX 1060.000", …), German descriptions, prices, dimensions (cm) and weights (kg).
 * Everything is drawn from a seeded PRNG, so every demo database holds the same catalog.
 */

import {
  finderRelay,
  hagerDevice,
  icotekEntry,
  lappCable,
  murrDevice,
  pilzRelay,
} from './articles-components';
import { digits, type Family, pick, type Random } from './articles-random';
import { siemensBreaker, siemensContactor, siemensMcb, siemensSimatic } from './articles-siemens';
import { abbContactor, abbMcb, eatonDevice, schneiderContactor, schneiderMcb } from './articles-switchgear';
import {
  phoenixPower,
  phoenixTerminal,
  rittalEnclosure,
  wagoConnector,
  wagoTerminal,
  weidmuellerTerminal,
} from './articles-terminals';

export { type DemoArticle, pick, seededRandom } from './articles-random';

/** Families per manufacturer (display name of the master-data seed) and how many articles each draws. */
export const DEMO_FAMILIES: Record<string, [Family, number][]> = {
  Siemens: [
    [siemensContactor, 280],
    [siemensBreaker, 110],
    [siemensMcb, 120],
    [siemensSimatic, 70],
  ],
  'Phoenix Contact': [
    [phoenixTerminal, 600],
    [phoenixPower, 60],
  ],
  WAGO: [
    [wagoTerminal, 120],
    [wagoConnector, 90],
  ],
  Rittal: [[rittalEnclosure, 260]],
  Weidmüller: [[weidmuellerTerminal, 300]],
  'Schneider Electric': [
    [schneiderContactor, 90],
    [schneiderMcb, 110],
  ],
  ABB: [
    [abbMcb, 120],
    [abbContactor, 80],
  ],
  Eaton: [[eatonDevice, 200]],
  Murrelektronik: [[murrDevice, 120]],
  Lapp: [[lappCable, 160]],
  Pilz: [[pilzRelay, 40]],
  Finder: [[finderRelay, 80]],
  Hager: [[hagerDevice, 90]],
  Icotek: [[icotekEntry, 60]],
};

/** A 13-digit EAN with a valid check digit (GS1 prefix 40–44: Germany). */
export function demoEan(random: Random): string {
  const body = `4${pick(random, ['0', '0', '1', '2', '4'])}${digits(random, 10)}`;
  const sum = [...body].reduce((total, digit, index) => total + Number(digit) * (index % 2 === 0 ? 1 : 3), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}
