/** Demo article families of Murrelektronik, Lapp, Pilz, Finder, Hager and Icotek. */
import { base, between, digits, type Family, pick } from './articles-random';

export const murrDevice: Family = (random) => {
  const [type, text, power] = pick(random, [
    ['7000-12221-6140150', 'M12 Stecker gerade auf Buchse gewinkelt, 4-polig, PUR 1,5 m', false],
    ['7000-08041-6100500', 'M8 Buchse gerade, 3-polig, PVC 5 m', false],
    ['85000', 'Emparro Netzgerät 1-phasig, 24 V DC, 5 A', true],
    ['85001', 'Emparro Netzgerät 1-phasig, 24 V DC, 10 A', true],
    ['9000-41034-0100600', 'Mico Pro Basismodul, 4 Kanäle, 1–6 A', false],
  ] as const);
  const number =
    type.length > 6
      ? `${type.slice(0, -3)}${digits(random, 3)}`
      : `${Number(type) + Math.floor(random() * 40)}`;
  return {
    ...base(random),
    orderNumber: number,
    manufacturerNumber: power ? `Emparro ${number}` : number,
    description: text,
    listPrice: power ? between(random, 60, 420) : between(random, 9, 85),
    width: between(random, 1, 8),
    height: between(random, 1, 13),
    depth: between(random, 1, 12),
    weight: between(random, 0.02, 1.1, 3),
    eclass: power ? '27049001' : null,
    discountGroup: 0,
    customsTarifNumber: power ? '85044095' : '85444290',
    countryOfOrigin: 'DE',
  };
};

export const lappCable: Family = (random) => {
  const cores = pick(random, ['2X', '3G', '4G', '5G', '7G', '12G', '18G', '25G']);
  const section = pick(random, ['0,5', '0,75', '1', '1,5', '2,5', '4']);
  const line = pick(random, [
    'ÖLFLEX CLASSIC 110',
    'ÖLFLEX CLASSIC 110 CY',
    'ÖLFLEX CHAIN 809',
    'ÖLFLEX SMART 108',
  ]);
  return {
    ...base(random),
    orderNumber: `${pick(random, ['11', '10', '13'])}${digits(random, 5)}`,
    manufacturerNumber: `${line} ${cores}${section}`,
    description: `${line.includes('CY') ? 'Geschirmte ' : ''}PVC-Steuerleitung ${line}, ${cores}${section} mm², Meterware`,
    listPrice: between(random, 80, 2400),
    width: null,
    height: null,
    depth: null,
    weight: between(random, 0.04, 0.9, 3),
    unit: 'Meter',
    priceUnitSize: 100,
    packagingUnitSize: 50,
    eclass: null,
    discountGroup: 0,
    customsTarifNumber: '85444995',
    countryOfOrigin: 'DE',
  };
};

export const pilzRelay: Family = (random) => {
  const [family, text] = pick(random, [
    ['PNOZ s4', 'Sicherheitsschaltgerät für Not-Halt und Schutztür'],
    ['PNOZ s3', 'Sicherheitsschaltgerät Not-Halt'],
    ['PNOZ s5', 'Sicherheitsschaltgerät mit Rückfallverzögerung'],
    ['PNOZ X2.8P', 'Sicherheitsschaltgerät Not-Halt'],
    ['PNOZ X3P', 'Sicherheitsschaltgerät Not-Halt und Schutztür'],
  ] as const);
  const voltage = pick(random, ['24VDC', '24VACDC', '48-240VACDC']);
  const contacts = pick(random, [
    ['3 n/o 1 n/c', '3 Schließer, 1 Öffner'],
    ['2 n/o', '2 Schließer'],
    ['3 n/o 1 n/c 1 so', '3 Schließer, 1 Öffner, 1 Halbleiter'],
  ] as const);
  const connection = pick(random, [
    ['', 'Schraubklemmen'],
    [' C', 'Federkraftklemmen'],
  ] as const);
  const type = `${family} ${voltage} ${contacts[0]}${connection[0]}`;
  return {
    ...base(random),
    orderNumber: `75${digits(random, 4)}`,
    manufacturerNumber: type,
    description: `${text}, ${contacts[1]}, ${voltage.replace('VACDC', ' V AC/DC').replace('VDC', ' V DC')}, ${connection[1]}`,
    listPrice: between(random, 180, 690),
    width: between(random, 1.75, 4.5),
    height: between(random, 9.4, 10),
    depth: between(random, 11, 12.1),
    weight: between(random, 0.15, 0.4, 3),
    eclass: '27371501',
    discountGroup: 0,
    customsTarifNumber: '85364900',
    countryOfOrigin: 'DE',
  };
};

export const finderRelay: Family = (random) => {
  const voltage = pick(random, [
    ['024', '24 V DC', '7'],
    ['230', '230 V AC', '8'],
    ['012', '12 V DC', '7'],
  ] as const);
  const number = `${pick(random, ['38.51', '38.61', '40.52', '46.52'])}.${voltage[2]}.${voltage[0]}.${pick(random, ['0050', '0060', '4050'])}`;
  return {
    ...base(random),
    orderNumber: number,
    manufacturerNumber: number,
    description: `Koppelrelais, 1 Wechsler 6 A, Spule ${voltage[1]}, mit LED und Freilaufdiode`,
    listPrice: between(random, 9, 38),
    width: 0.62,
    height: 9,
    depth: between(random, 7, 8),
    weight: between(random, 0.03, 0.05, 3),
    eclass: null,
    discountGroup: 0,
    customsTarifNumber: '85364900',
    countryOfOrigin: 'IT',
  };
};

export const hagerDevice: Family = (random) => {
  const current = pick(random, ['06', '10', '13', '16', '20', '25', '32']);
  const number = `${pick(random, ['MBN1', 'MCN1', 'MBN3', 'MCN3'])}${current}`;
  return {
    ...base(random),
    orderNumber: number,
    manufacturerNumber: number,
    description: `Leitungsschutzschalter ${number[1] === 'B' ? 'B' : 'C'}-Charakteristik, ${number[3] === '1' ? '1' : '3'}-polig, ${Number(current)} A, 6 kA`,
    listPrice: between(random, 6, 70),
    width: number[3] === '1' ? 1.75 : 5.25,
    height: 8.3,
    depth: 7.1,
    weight: between(random, 0.11, 0.36, 3),
    eclass: '27142101',
    discountGroup: 0,
    customsTarifNumber: '85362010',
    countryOfOrigin: 'DE',
  };
};

export const icotekEntry: Family = (random) => {
  const kind = pick(random, ['KEL-DP', 'KEL-DPZ', 'KT', 'KEL-FG'] as const);
  const size =
    kind === 'KT'
      ? pick(random, [4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17])
      : pick(random, [16, 20, 24, 25, 32, 40, 50]);
  const cables = pick(random, [4, 5, 8, 10, 12, 16]);
  const type =
    kind === 'KT' ? `KT ${size}` : kind === 'KEL-FG' ? `KEL-FG ${size}` : `${kind} ${size}/${cables}`;
  const text =
    kind === 'KT'
      ? `Kabeltülle für Kabel ${size - 1}–${size} mm, grau`
      : kind === 'KEL-FG'
        ? `Kabeleinführungsplatte für Rundausbruch M${size}`
        : `Kabeleinführungsleiste, teilbar, ${cables} Kabel, ${kind === 'KEL-DPZ' ? 'IP65' : 'IP54'}`;
  return {
    ...base(random),
    orderNumber: `4${digits(random, 4)}`,
    manufacturerNumber: type,
    description: text,
    listPrice: between(random, 1.2, 68),
    width: between(random, 2, 24),
    height: between(random, 2, 8),
    depth: between(random, 1, 4),
    weight: between(random, 0.005, 0.3, 3),
    eclass: null,
    discountGroup: 0,
    customsTarifNumber: '39269097',
    countryOfOrigin: 'DE',
  };
};
