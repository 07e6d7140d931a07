import { fileURLToPath } from 'node:url';
import { DATANORM_GROUP_REFUSALS } from '@portal/domain/rules/datanorm-groups';
import { describe, expect, it } from 'vitest';
import { WrongFormatError } from '../sheets/sheet-source';
import { readDatanormGroups } from './datanorm';

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

describe('DATANORM group files', () => {
  it('reads the discount groups of a DATANORM 4 .RAB in CP850: percent, multiplier, texts with umlauts', async () => {
    const groups = await readDatanormGroups(fixture('datanorm4-cp850.rab'));
    expect(groups.refusals).toEqual([]);
    expect(groups.productGroups).toEqual([]);
    expect(groups.discountGroups).toEqual([
      { line: 2, code: 'RG10', percent: 25, text: 'Schütze und Hilfsschütze' },
      { line: 3, code: 'RG11', percent: 12.5, text: 'Leitungsschutzschalter' },
      { line: 4, code: 'RG12', percent: 20, text: 'Reihenklemmen Größe 2,5 mm²' },
      { line: 5, code: 'RG13', percent: 0, text: 'Nettoartikel' },
    ]);
  });

  it('reads the discount groups of a DATANORM 5 .RAB (no Verarbeitungskennzeichen)', async () => {
    const groups = await readDatanormGroups(fixture('datanorm5-cp850.rab'));
    expect(groups.discountGroups).toEqual([
      { line: 2, code: 'RG10', percent: 30, text: 'Schütze' },
      { line: 3, code: 'RG14', percent: 10, text: 'Kabel und Leitungen (Ölflex)' },
    ]);
  });

  it('reads the product groups of a DATANORM 4 .WRG: main groups and the groups below them', async () => {
    const groups = await readDatanormGroups(fixture('datanorm4-cp850.wrg'));
    expect(groups.discountGroups).toEqual([]);
    expect(groups.productGroups).toEqual([
      { line: 2, mainGroup: '10', group: null, text: 'Schaltgeräte' },
      { line: 3, mainGroup: '10', group: '1010', text: 'Schütze' },
      { line: 4, mainGroup: '10', group: '1020', text: 'Motorschutzschalter' },
      { line: 5, mainGroup: '20', group: null, text: 'Klemmen und Zubehör' },
      { line: 6, mainGroup: '20', group: '2010', text: 'Reihenklemmen' },
    ]);
  });

  it('refuses a surcharge and a record of another kind, naming their lines', async () => {
    const groups = await readDatanormGroups(fixture('datanorm4-bad.rab'));
    expect(groups.discountGroups.map((group) => group.code)).toEqual(['RG10']);
    expect(groups.refusals).toEqual([
      { line: 3, reason: DATANORM_GROUP_REFUSALS.surcharge },
      {
        line: 4,
        reason:
          'Satzart „A“ gehört nicht in eine Rabatt- oder Warengruppendatei (DATANORM.RAB, DATANORM.WRG).',
      },
    ]);
  });

  it('refuses a file that is no DATANORM file at all', async () => {
    await expect(readDatanormGroups(fixture('bmecat-2005.xml'))).rejects.toThrow(WrongFormatError);
  });
});
