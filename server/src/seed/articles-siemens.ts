/** Demo article families of Siemens (MLFB order numbers such as 3RT2015-1BB41). */
import { base, between, digits, type Family, german, pick } from './articles-random';

export const siemensContactor: Family = (random) => {
  const size = pick(random, [
    '15',
    '16',
    '17',
    '18',
    '23',
    '24',
    '25',
    '26',
    '27',
    '28',
    '35',
    '36',
    '37',
    '38',
  ]);
  const coil = pick(random, [
    ['BB4', 'DC 24 V'],
    ['AP0', 'AC 230 V'],
    ['AC2', 'AC 24 V'],
    ['BW4', 'DC 24 V'],
    ['AL2', 'AC 230 V'],
    ['BF4', 'DC 110 V'],
    ['BA4', 'DC 12 V'],
  ] as const);
  const connection = pick(random, [
    ['1', 'Schraubanschluss'],
    ['2', 'Federzuganschluss'],
  ] as const);
  const aux = pick(random, [
    ['1', '1 S'],
    ['2', '1 Ö'],
    ['0', 'ohne Hilfsschalter'],
  ] as const);
  const frame = size.slice(0, 1);
  const kw = (frame === '1' ? 3 : frame === '2' ? 7.5 : 15) + Number(size.slice(1)) - 5;
  const mlfb = `3RT20${size}-${connection[0]}${coil[0]}${aux[0]}`;
  return {
    ...base(random),
    orderNumber: mlfb,
    manufacturerNumber: mlfb,
    description: `Leistungsschütz, AC-3, ${german(kw)} kW/400 V, ${aux[1]}, ${coil[1]}, 3-polig, Baugröße S${frame === '1' ? '00' : frame === '2' ? '0' : '2'}, ${connection[1]}`,
    listPrice: between(random, 38, 260),
    width: frame === '3' ? 5.5 : 4.5,
    height: between(random, 5.7, 11.4),
    depth: between(random, 7.3, 13.1),
    weight: between(random, 0.18, 1.2, 3),
    eclass: coil[1].startsWith('DC') ? '27371002' : '27371001',
    discountGroup: 0,
    customsTarifNumber: '85364900',
    countryOfOrigin: pick(random, ['DE', 'CZ', 'CN']),
  };
};

/** 3RV2 setting ranges: code letter per current range (A = 0,11–0,16 A … K = 9–12,5 A and up). */
const BREAKER_RANGES = [
  ['0AA10', '0,11...0,16'],
  ['0BA10', '0,14...0,2'],
  ['0CA10', '0,18...0,25'],
  ['0DA10', '0,22...0,32'],
  ['0EA10', '0,28...0,4'],
  ['0FA10', '0,35...0,5'],
  ['0GA10', '0,45...0,63'],
  ['0HA10', '0,55...0,8'],
  ['0JA10', '0,7...1'],
  ['0KA10', '0,9...1,25'],
  ['1AA10', '1,1...1,6'],
  ['1BA10', '1,4...2'],
  ['1CA10', '1,8...2,5'],
  ['1DA10', '2,2...3,2'],
  ['1EA10', '2,8...4'],
  ['1FA10', '3,5...5'],
  ['1GA10', '4,5...6,3'],
  ['1HA10', '5,5...8'],
  ['1JA10', '7...10'],
  ['1KA10', '9...12,5'],
  ['4AA10', '10...16'],
  ['4BA10', '14...20'],
  ['4CA10', '17...22'],
  ['4DA10', '20...25'],
  ['4EA10', '23...28'],
] as const;

export const siemensBreaker: Family = (random) => {
  const setting = pick(random, BREAKER_RANGES);
  const frame = setting[0].startsWith('4') ? pick(random, ['21', '31']) : pick(random, ['11', '21']);
  const connection = pick(random, [
    ['', 'Schraubanschluss'],
    ['2', 'Federzuganschluss'],
  ] as const);
  const mlfb = `3RV20${frame}-${connection[0] ? setting[0].replace('A10', 'A20') : setting[0]}`;
  return {
    ...base(random),
    orderNumber: mlfb,
    manufacturerNumber: mlfb,
    description: `Leistungsschalter für den Motorschutz, Baugröße S${frame === '11' ? '00' : frame === '21' ? '0' : '2'}, CLASS 10, A-Auslöser ${setting[1]} A, N-Auslöser, ${connection[1]}`,
    listPrice: between(random, 62, 240),
    width: frame === '31' ? 5.5 : 4.5,
    height: frame === '31' ? 14 : 9.7,
    depth: 9.7,
    weight: between(random, 0.3, 0.9, 3),
    eclass: '27370401',
    discountGroup: 0,
    customsTarifNumber: '85362010',
    countryOfOrigin: 'DE',
  };
};

export const siemensMcb: Family = (random) => {
  const current = pick(random, [
    '02',
    '04',
    '06',
    '08',
    '10',
    '13',
    '16',
    '20',
    '25',
    '32',
    '40',
    '50',
    '63',
  ]);
  const characteristic = pick(random, [
    ['6', 'B'],
    ['7', 'C'],
    ['8', 'D'],
  ] as const);
  const poles = pick(random, [
    ['1', '1-polig'],
    ['2', '2-polig'],
    ['3', '3-polig'],
    ['4', '4-polig'],
  ] as const);
  const mlfb = `5SY6${poles[0]}${current}-${characteristic[0]}`;
  return {
    ...base(random),
    orderNumber: mlfb,
    manufacturerNumber: mlfb,
    description: `Leitungsschutzschalter 230/400 V 6 kA, ${poles[1]}, ${characteristic[1]}, ${Number(current)} A, T=70 mm`,
    listPrice: between(random, 9, 68),
    width: 1.8 * Number(poles[0]),
    height: 9,
    depth: 7,
    weight: between(random, 0.12, 0.4, 3),
    eclass: '27142101',
    discountGroup: 0,
    customsTarifNumber: '85362010',
    countryOfOrigin: pick(random, ['DE', 'CN']),
  };
};

export const siemensSimatic: Family = (random) => {
  const module = pick(random, [
    ['6ES7521-1BL00-0AB0', 'SIMATIC S7-1500, Digitaleingabemodul DI 32x24 V DC HF'],
    ['6ES7522-1BL01-0AB0', 'SIMATIC S7-1500, Digitalausgabemodul DQ 32x24 V DC/0,5 A HF'],
    ['6ES7531-7KF00-0AB0', 'SIMATIC S7-1500, Analogeingabemodul AI 8xU/I/RTD/TC ST'],
    ['6ES7515-2AM02-0AB0', 'SIMATIC S7-1500, CPU 1515-2 PN, Arbeitsspeicher 500 KB'],
    ['6ES7590-1AF30-0AA0', 'SIMATIC S7-1500, Profilschiene 530 mm'],
    ['6ES7131-6BH01-0BA0', 'SIMATIC ET 200SP, Digitaleingabemodul DI 16x24 V DC ST'],
    ['6ES7132-6BH01-0BA0', 'SIMATIC ET 200SP, Digitalausgabemodul DQ 16x24 V DC/0,5 A ST'],
    ['6ES7193-6BP00-0DA0', 'SIMATIC ET 200SP, BaseUnit BU15-P16+A0+2D'],
  ] as const);
  const variant = digits(random, 1);
  const mlfb = variant === '0' ? module[0] : `${module[0].slice(0, -1)}${variant}`;
  return {
    ...base(random),
    orderNumber: mlfb,
    manufacturerNumber: mlfb,
    description: module[1],
    listPrice: between(random, 45, 2400),
    width: between(random, 1.5, 17.5),
    height: between(random, 7.3, 14.7),
    depth: between(random, 5, 12.9),
    weight: between(random, 0.03, 0.9, 3),
    eclass: null,
    discountGroup: 1,
    customsTarifNumber: '85389099',
    countryOfOrigin: 'DE',
  };
};
