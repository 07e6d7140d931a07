/** Demo article families of Schneider Electric, ABB and Eaton (contactors, breakers, buttons). */
import { base, between, digits, type Family, german, pick } from './articles-random';

export const schneiderContactor: Family = (random) => {
  const [size, kw] = pick(random, [
    ['09', 4],
    ['12', 5.5],
    ['18', 7.5],
    ['25', 11],
    ['32', 15],
    ['38', 18.5],
    ['40A', 18.5],
    ['50A', 22],
    ['65A', 30],
    ['80', 37],
    ['95', 45],
  ] as const);
  const coil = pick(random, [
    ['BD', 'DC 24 V'],
    ['BL', 'DC 24 V, Niedrigverbrauch'],
    ['P7', 'AC 230 V'],
    ['B7', 'AC 24 V'],
    ['M7', 'AC 220 V'],
    ['F7', 'AC 110 V'],
    ['E7', 'AC 48 V'],
    ['JD', 'DC 12 V'],
  ] as const);
  const number = `LC1D${size}${coil[0]}`;
  return {
    ...base(random),
    orderNumber: number,
    manufacturerNumber: number,
    description: `TeSys D Schütz, 3-polig, AC-3, ${german(kw)} kW/400 V, 1 S + 1 Ö, Spule ${coil[1]}`,
    listPrice: between(random, 35, 210),
    width: 4.5,
    height: 7.7,
    depth: between(random, 8.6, 10.5),
    weight: between(random, 0.3, 0.5, 3),
    eclass: coil[1].startsWith('DC') ? '27371002' : '27371001',
    discountGroup: 0,
    customsTarifNumber: '85364900',
    countryOfOrigin: pick(random, ['FR', 'CN', 'ID']),
  };
};

export const schneiderMcb: Family = (random) => {
  const current = pick(random, [
    '01',
    '02',
    '03',
    '04',
    '06',
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
  const poles = pick(random, ['1', '2', '3', '4']);
  const [series, characteristic] = pick(random, [
    ['74', 'C'],
    ['77', 'C'],
    ['79', 'C'],
    ['73', 'B'],
    ['75', 'D'],
  ] as const);
  const number = `A9F${series}${poles}${current}`;
  return {
    ...base(random),
    orderNumber: number,
    manufacturerNumber: number,
    description: `Acti9 iC60N Leitungsschutzschalter, ${poles}-polig, ${characteristic}, ${Number(current)} A, 6 kA`,
    listPrice: between(random, 12, 95),
    width: between(random, 1.8, 5.4),
    height: 8.5,
    depth: 7.85,
    weight: between(random, 0.12, 0.4, 3),
    eclass: '27142101',
    discountGroup: 0,
    customsTarifNumber: '85362010',
    countryOfOrigin: 'FR',
  };
};

export const abbMcb: Family = (random) => {
  const current = pick(random, [
    '0,5',
    '1',
    '2',
    '3',
    '4',
    '6',
    '8',
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
  const characteristic = pick(random, ['B', 'C', 'K', 'Z']);
  const poles = pick(random, ['1', '2', '3', '4']);
  return {
    ...base(random),
    orderNumber: `2CDS2${pick(random, ['51', '52', '53', '54'])}${digits(random, 3)}R${digits(random, 4)}`,
    manufacturerNumber: `S20${poles}-${characteristic}${current}`,
    description: `Leitungsschutzschalter System pro M compact, ${poles}-polig, ${characteristic}, ${current} A, 6 kA`,
    listPrice: between(random, 10, 90),
    width: between(random, 1.75, 5.25),
    height: 8.8,
    depth: 6.9,
    weight: between(random, 0.12, 0.38, 3),
    eclass: '27142101',
    discountGroup: 0,
    customsTarifNumber: '85362010',
    countryOfOrigin: pick(random, ['DE', 'IT']),
  };
};

export const abbContactor: Family = (random) => {
  const size = pick(random, ['09', '12', '16', '26', '30', '38', '40', '52', '65', '80', '96']);
  const contacts = pick(random, ['30-10', '30-01', '30-11', '40-00', '22-00']);
  const coil = pick(random, [
    ['13', '100–250 V AC/DC'],
    ['11', '24–60 V AC/DC'],
    ['12', '48–130 V AC/DC'],
    ['14', '250–500 V AC/DC'],
  ] as const);
  return {
    ...base(random),
    orderNumber: `1SBL${pick(random, ['13', '17', '23', '28'])}${digits(random, 4)}R${digits(random, 4)}`,
    manufacturerNumber: `AF${size}-${contacts}-${coil[0]}`,
    description: `Schütz AF${size}, Kontakte ${contacts}, Spule ${coil[1]}`,
    listPrice: between(random, 40, 240),
    width: 4.5,
    height: 8,
    depth: 8.8,
    weight: between(random, 0.25, 0.6, 3),
    eclass: '27371001',
    discountGroup: 0,
    customsTarifNumber: '85364900',
    countryOfOrigin: 'DE',
  };
};

export const eatonDevice: Family = (random) => {
  const kind = pick(random, ['contactor', 'contactor', 'breaker', 'mcb', 'button'] as const);
  let type: string;
  let text: string;
  let eclass: string | null;
  if (kind === 'contactor') {
    const [size, kw] = pick(random, [
      [7, 3],
      [9, 4],
      [12, 5.5],
      [15, 7.5],
      [17, 7.5],
      [25, 11],
      [32, 15],
      [38, 18.5],
      [50, 22],
      [65, 30],
    ] as const);
    const aux = pick(random, [
      ['10', '1 S'],
      ['01', '1 Ö'],
    ] as const);
    const coil = pick(random, [
      ['24VDC', '24 V DC'],
      ['230V50HZ,240V60HZ', '230 V AC'],
      ['24V50/60HZ', '24 V AC'],
    ] as const);
    type = `DILM${size}-${aux[0]}(${coil[0]})`;
    text = `Leistungsschütz, 3-polig, ${german(kw)} kW/400 V, ${aux[1]}, ${coil[1]}`;
    eclass = coil[1].endsWith('DC') ? '27371002' : '27371001';
  } else if (kind === 'breaker') {
    const range = pick(random, [
      '0,16',
      '0,25',
      '0,4',
      '0,63',
      '1',
      '1,6',
      '2,5',
      '4',
      '6,3',
      '10',
      '12',
      '16',
      '20',
      '25',
      '32',
    ]);
    type = `PKZM0-${range}`;
    text = `Motorschutzschalter, 3-polig, Ir bis ${range} A, Schraubanschluss`;
    eclass = '27370401';
  } else if (kind === 'mcb') {
    const characteristic = pick(random, ['B', 'C', 'D']);
    const current = pick(random, [2, 4, 6, 10, 13, 16, 20, 25, 32, 40]);
    const poles = pick(random, [1, 2, 3]);
    type = `FAZ-${characteristic}${current}/${poles}`;
    text = `Leitungsschutzschalter, ${characteristic}${current}, ${poles}-polig, 15 kA`;
    eclass = '27142101';
  } else {
    const [colour, name] = pick(random, [
      ['G', 'grün'],
      ['R', 'rot'],
      ['W', 'weiß'],
      ['S', 'schwarz'],
      ['B', 'blau'],
      ['Y', 'gelb'],
    ] as const);
    const [variant, mode] = pick(random, [
      ['D', 'flach, tastend'],
      ['DR', 'flach, rastend'],
      ['DH', 'hoch, tastend'],
      ['DL', 'Leuchtdrucktaste, tastend'],
    ] as const);
    type = `M22-${variant}-${colour}`;
    text = `Drucktaste ${mode}, ${name}, Frontring Titan`;
    eclass = null;
  }
  return {
    ...base(random),
    orderNumber: `${pick(random, ['27', '07', '18', '21'])}${digits(random, 4)}`,
    manufacturerNumber: type,
    description: text,
    listPrice: kind === 'button' ? between(random, 6, 24) : between(random, 18, 260),
    width: between(random, 1.75, 5.5),
    height: between(random, 4, 9.3),
    depth: between(random, 4, 10),
    weight: between(random, 0.02, 0.5, 3),
    eclass,
    discountGroup: 0,
    customsTarifNumber: '85364900',
    countryOfOrigin: pick(random, ['DE', 'CZ', 'CN']),
  };
};
