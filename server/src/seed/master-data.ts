import type { DbOrTx } from '../db/client';
import { insertDiscountGroup } from '../modules/discountgroup';
import { insertEclassEntry } from '../modules/eclass';
import { insertManufacturer } from '../modules/manufacturer';
import { insertUnit } from '../modules/unit';
import { insertWholesaler } from '../modules/wholesaler';
import { withEplanCodes } from './eplan-manufacturer-codes';

/**
 * Demo field values: the manufacturers a control-cabinet builder meets in every BOM (with the
 * spellings and short names BOMs use, EPLAN's codes included), units, German electrical wholesalers, discount groups and a few
 * E-Class entries with work times.
 */

const MANUFACTURERS: { displayName: string; abbreviation: string; link: string; nameVariants: string[] }[] = [
  {
    displayName: 'Siemens',
    abbreviation: 'SIE',
    link: 'https://www.siemens.com',
    nameVariants: ['Siemens AG', 'Siemens Aktiengesellschaft'],
  },
  {
    displayName: 'Phoenix Contact',
    abbreviation: 'PXC',
    link: 'https://www.phoenixcontact.com',
    nameVariants: ['Phoenix', 'Phoenix Contact GmbH & Co. KG', 'Phoenix Contact Deutschland'],
  },
  {
    displayName: 'Rittal',
    abbreviation: 'RIT',
    link: 'https://www.rittal.com',
    nameVariants: ['Rittal GmbH & Co. KG'],
  },
  {
    displayName: 'Weidmüller',
    abbreviation: 'WEI',
    link: 'https://www.weidmueller.de',
    nameVariants: ['Weidmueller', 'Weidmuller', 'Weidmüller Interface GmbH & Co. KG'],
  },
  {
    displayName: 'WAGO',
    abbreviation: 'WAG',
    link: 'https://www.wago.com',
    nameVariants: ['WAGO Kontakttechnik', 'WAGO GmbH & Co. KG'],
  },
  {
    displayName: 'Schneider Electric',
    abbreviation: 'SE',
    link: 'https://www.se.com',
    nameVariants: ['Schneider', 'Schneider Electric GmbH', 'Telemecanique'],
  },
  {
    displayName: 'ABB',
    abbreviation: 'ABB',
    link: 'https://new.abb.com',
    nameVariants: ['ABB AG', 'ABB Stotz-Kontakt', 'Asea Brown Boveri'],
  },
  {
    displayName: 'Eaton',
    abbreviation: 'ETN',
    link: 'https://www.eaton.com',
    nameVariants: ['Eaton Electric GmbH', 'Moeller', 'Klöckner-Moeller'],
  },
  {
    displayName: 'Murrelektronik',
    abbreviation: 'MUR',
    link: 'https://www.murrelektronik.com',
    nameVariants: ['Murr', 'Murr Elektronik', 'Murrelektronik GmbH'],
  },
  {
    displayName: 'Lapp',
    abbreviation: 'LAPP',
    link: 'https://www.lapp.com',
    nameVariants: ['U.I. Lapp GmbH', 'Lapp Kabel', 'Lapp Group'],
  },
  {
    displayName: 'Pilz',
    abbreviation: 'PIZ',
    link: 'https://www.pilz.com',
    nameVariants: ['Pilz GmbH & Co. KG'],
  },
  {
    displayName: 'Finder',
    abbreviation: 'FIN',
    link: 'https://www.findernet.com',
    nameVariants: ['Finder GmbH', 'Finder Relais'],
  },
  {
    displayName: 'Hager',
    abbreviation: 'HAG',
    link: 'https://www.hager.de',
    nameVariants: ['Hager Vertriebsgesellschaft', 'Hager Electro GmbH & Co. KG'],
  },
  {
    displayName: 'Icotek',
    abbreviation: 'ICO',
    link: 'https://www.icotek.com',
    nameVariants: ['icotek GmbH', 'icotek Kabeleinführungen'],
  },
];

const UNITS: { displayName: string; nameVariants: string[] }[] = [
  { displayName: 'Stück', nameVariants: ['Stk', 'St.', 'Stck', 'pcs', 'PCE'] },
  { displayName: 'Meter', nameVariants: ['m', 'mtr', 'lfm'] },
  { displayName: 'Packung', nameVariants: ['Pck', 'Pack', 'PAK'] },
  { displayName: 'Rolle', nameVariants: ['Rol', 'Rll'] },
  { displayName: 'Satz', nameVariants: ['Set', 'Sa'] },
  { displayName: 'Karton', nameVariants: ['Ktn', 'Kt'] },
  { displayName: 'Kilogramm', nameVariants: ['kg'] },
  { displayName: 'Beutel', nameVariants: ['Btl'] },
  { displayName: '100 Stück', nameVariants: ['100 Stk', 'Hundert'] },
];

const WHOLESALERS = [
  'Sonepar Deutschland',
  'Rexel Germany',
  'FEGA & Schmitt',
  'Zajadacz',
  'OBETA',
  'Alexander Bürkle',
  'UNI ELEKTRO',
];

/** Discount groups per manufacturer: [name, variants, percent, discounts by wholesaler name]. */
const DISCOUNT_GROUPS: Record<string, [string, string[], number, Record<string, number>][]> = {
  Siemens: [
    [
      'Industrielle Schalttechnik',
      ['RG 41B', 'SIRIUS'],
      38,
      { 'Sonepar Deutschland': 40, 'Rexel Germany': 39.5 },
    ],
    ['Automatisierungstechnik', ['RG 03A', 'SIMATIC'], 28, { 'Sonepar Deutschland': 30 }],
  ],
  'Phoenix Contact': [
    ['Reihenklemmen', ['CLIPLINE'], 45, { 'FEGA & Schmitt': 47.5 }],
    ['Stromversorgungen', ['QUINT', 'TRIO'], 35, {}],
  ],
  Rittal: [
    ['Gehäuse und Schränke', ['VX25', 'AX/KX'], 42, { Zajadacz: 44 }],
    ['Klimatisierung', ['Blue e+'], 30, {}],
  ],
  Weidmüller: [['Klippon Connect', ['Reihenklemmen W-Serie'], 46, { 'Alexander Bürkle': 48 }]],
  WAGO: [['Reihenklemmen TOPJOB S', ['2002er', 'TOPJOB'], 44, { OBETA: 45 }]],
  'Schneider Electric': [['Niederspannung', ['TeSys'], 36, { 'Rexel Germany': 38 }]],
  ABB: [['Installationsgeräte', ['STOTZ', 'Pro M compact'], 40, {}]],
  Eaton: [['Moeller Schaltgeräte', ['DILM', 'PKZ'], 41, { 'UNI ELEKTRO': 42 }]],
  Murrelektronik: [['Stromversorgung und Verteilung', ['Emparro', 'Mico'], 32, {}]],
  Lapp: [['Steuerleitungen', ['ÖLFLEX'], 50, { 'Sonepar Deutschland': 52 }]],
  Pilz: [['Sicherheitsschaltgeräte', ['PNOZ'], 25, {}]],
  Finder: [['Relais', ['Serie 38', 'Koppelrelais'], 33, {}]],
  Hager: [['Verteiler', ['volta', 'univers'], 37, { Zajadacz: 38 }]],
  Icotek: [['Kabeleinführung', ['KEL', 'KT-Tüllen'], 30, {}]],
};

const ECLASS: [string, string, number, number, number][] = [
  ['27371001', 'Leistungsschütz, AC-schaltend', 15, 27, 37],
  ['27371002', 'Leistungsschütz, DC-schaltend', 15, 27, 37],
  ['27370401', 'Motorschutzschalter', 12, 27, 37],
  ['27371501', 'Sicherheitsschaltgerät', 20, 27, 37],
  ['27141120', 'Durchgangsreihenklemme', 2, 27, 14],
  ['27141123', 'Schutzleiterreihenklemme', 2, 27, 14],
  ['27142101', 'Leitungsschutzschalter', 6, 27, 14],
  ['27049001', 'Stromversorgung (Netzgerät)', 20, 27, 4],
  ['27180101', 'Schaltschrank, Standschrank', 240, 27, 18],
  ['27400101', 'Verdrahtungskanal', 10, 27, 40],
];

export async function seedMasterData(db: DbOrTx): Promise<void> {
  const manufacturerIds = new Map<string, string>();
  for (const manufacturer of MANUFACTURERS) {
    const nameVariants = withEplanCodes(manufacturer);
    manufacturerIds.set(
      manufacturer.displayName,
      (await insertManufacturer(db, { ...manufacturer, nameVariants })).id,
    );
  }
  for (const unit of UNITS) await insertUnit(db, unit);
  const wholesalerIds = new Map<string, string>();
  for (const name of WHOLESALERS) wholesalerIds.set(name, (await insertWholesaler(db, name)).id);
  for (const [manufacturer, groups] of Object.entries(DISCOUNT_GROUPS)) {
    for (const [displayName, nameVariants, percent, discounts] of groups) {
      await insertDiscountGroup(db, {
        manufacturerId: manufacturerIds.get(manufacturer)!,
        displayName,
        nameVariants,
        percent,
        wholesalerDiscounts: Object.entries(discounts).map(([wholesaler, value]) => ({
          wholesalerId: wholesalerIds.get(wholesaler)!,
          percent: value,
        })),
      });
    }
  }
  for (const [eclassNumber, description, workTime, firstLevelOrder, secondLevelOrder] of ECLASS) {
    await insertEclassEntry(db, { eclassNumber, description, workTime, firstLevelOrder, secondLevelOrder });
  }
}
