/** Demo article families of Phoenix Contact, WAGO, Rittal and Weidmüller (terminals, enclosures). */
import { base, between, digits, type Family, german, pick } from './articles-random';

export const phoenixTerminal: Family = (random) => {
  const [series, kind] = pick(random, [
    ['UT', 'Durchgangsreihenklemme, Schraubanschluss'],
    ['PT', 'Durchgangsreihenklemme, Push-in'],
    ['ST', 'Durchgangsreihenklemme, Zugfeder'],
    ['UK', 'Durchgangsreihenklemme, Schraubanschluss'],
    ['PTTB', 'Doppelstock-Reihenklemme, Push-in'],
    ['UTTB', 'Doppelstock-Reihenklemme, Schraubanschluss'],
    ['PTV', 'Durchgangsreihenklemme, Push-in, frontseitig'],
  ] as const);
  const size = pick(random, ['1,5', '2,5', '4', '6', '10', '16', '35']);
  const [suffix, function_] = pick(random, [
    ['', ''],
    ['', ''],
    ['-PE', 'Schutzleiter'],
    ['-TWIN', '3 Anschlüsse'],
    ['-QUATTRO', '4 Anschlüsse'],
    ['-MT', 'Trennklemme'],
    ['-HESI', 'Sicherungsklemme'],
  ] as const);
  const pe = suffix === '-PE';
  const colour = pe
    ? ['', 'grün-gelb']
    : pick(random, [
        ['', 'grau'],
        [' BU', 'blau'],
        [' OG', 'orange'],
        [' RD', 'rot'],
        [' BK', 'schwarz'],
      ] as const);
  return {
    ...base(random),
    orderNumber: `${pick(random, ['30', '31', '32', '29'])}${digits(random, 5)}`,
    manufacturerNumber: `${series} ${size}${suffix}${colour[0]}`,
    description: `${pe ? 'Schutzleiterreihenklemme' : kind}${function_ && !pe ? `, ${function_}` : ''}, Nennquerschnitt ${size} mm², ${colour[1]}, Tragschiene NS 35/7,5`,
    listPrice: between(random, 0.6, 6.9),
    width: between(random, 0.52, 1.22),
    height: between(random, 4.2, 6.6),
    depth: between(random, 3.5, 4.7),
    weight: between(random, 0.006, 0.03, 4),
    unit: 'Stück',
    packagingUnitSize: 50,
    eclass: pe ? '27141123' : '27141120',
    discountGroup: 0,
    customsTarifNumber: '85369010',
    countryOfOrigin: pick(random, ['DE', 'PL']),
  };
};

export const phoenixPower: Family = (random) => {
  const line = pick(random, ['QUINT4-PS', 'TRIO-PS-2G', 'STEP3-PS', 'UNO2-PS'] as const);
  const input = pick(random, ['1AC', '3AC'] as const);
  const volts = pick(random, ['24DC', '24DC', '12DC', '48DC'] as const);
  const amps = pick(random, [1, 2.5, 3, 5, 10, 20, 40]);
  const type = `${line}/${input}/${volts}/${amps}`;
  return {
    ...base(random),
    orderNumber: `${pick(random, ['29', '10', '28'])}${digits(random, 5)}`,
    manufacturerNumber: type,
    description: `Stromversorgung ${line.split('-')[0]}, primär getaktet, ${input === '1AC' ? '1-phasig' : '3-phasig'}, Ausgang ${volts.slice(0, 2)} V DC / ${german(amps)} A`,
    listPrice: between(random, 80, 720),
    width: between(random, 3.2, 12.4),
    height: 13,
    depth: between(random, 11.5, 15),
    weight: between(random, 0.4, 2.4, 3),
    eclass: '27049001',
    discountGroup: 1,
    customsTarifNumber: '85044095',
    countryOfOrigin: pick(random, ['DE', 'CN']),
  };
};

export const wagoTerminal: Family = (random) => {
  const series = pick(random, [
    ['2001', '1,5', 'TOPJOB S Durchgangsklemme'],
    ['2002', '2,5', 'TOPJOB S Durchgangsklemme'],
    ['2004', '4', 'TOPJOB S Durchgangsklemme'],
    ['2006', '6', 'TOPJOB S Durchgangsklemme'],
    ['2010', '10', 'TOPJOB S Durchgangsklemme'],
    ['2016', '16', 'TOPJOB S Durchgangsklemme'],
    ['2022', '2,5', 'TOPJOB S Durchgangsklemme, schmal'],
    ['2102', '2,5', 'TOPJOB S Durchgangsklemme, 1 Etage'],
    ['2202', '2,5', 'TOPJOB S Doppelstockklemme'],
    ['2204', '4', 'TOPJOB S Doppelstockklemme'],
    ['280', '2,5', 'Durchgangsklemme Serie 280'],
    ['281', '4', 'Durchgangsklemme Serie 281'],
  ] as const);
  const variant = pick(random, [
    ['1201', 'grau', false],
    ['1204', 'blau', false],
    ['1207', 'grün-gelb', true],
    ['1301', 'grau, 3 Leiter', false],
    ['1401', 'grau, 4 Leiter', false],
    ['1304', 'blau, 3 Leiter', false],
    ['1307', 'grün-gelb, 3 Leiter', true],
    ['1404', 'blau, 4 Leiter', false],
    ['1407', 'grün-gelb, 4 Leiter', true],
    ['1202', 'orange', false],
  ] as const);
  const number = `${series[0]}-${variant[0]}`;
  return {
    ...base(random),
    orderNumber: number,
    manufacturerNumber: number,
    description: `${variant[2] ? 'Schutzleiterklemme' : series[2]}, ${series[1]} mm², ${variant[1]}, Push-in CAGE CLAMP`,
    listPrice: between(random, 0.45, 3.8),
    width: between(random, 0.52, 1.2),
    height: between(random, 4.8, 6.6),
    depth: between(random, 3.2, 4.2),
    weight: between(random, 0.005, 0.025, 4),
    unit: 'Stück',
    packagingUnitSize: 100,
    eclass: variant[2] ? '27141123' : '27141120',
    discountGroup: 0,
    customsTarifNumber: '85369010',
    countryOfOrigin: 'DE',
  };
};

export const wagoConnector: Family = (random) => {
  const [number, text] = pick(random, [
    ['221-412', 'Verbindungsklemme mit Hebel, 2-Leiter, 4 mm²'],
    ['221-413', 'Verbindungsklemme mit Hebel, 3-Leiter, 4 mm²'],
    ['221-415', 'Verbindungsklemme mit Hebel, 5-Leiter, 4 mm²'],
    ['2273-204', 'Verbindungsdosenklemme, 4-Leiter, 2,5 mm²'],
    ['787-1662', 'Stromversorgung Eco, 24 V DC, 5 A'],
    ['750-1405', 'Digitaleingang, 16 Kanäle, 24 V DC'],
  ] as const);
  const suffix = random() < 0.5 ? '' : `/${digits(random, 3)}-000`;
  return {
    ...base(random),
    orderNumber: `${number}${suffix}`,
    manufacturerNumber: `${number}${suffix}`,
    description: text,
    listPrice: between(random, 0.3, 180),
    width: between(random, 1, 4),
    height: between(random, 1.5, 10),
    depth: between(random, 1, 7),
    weight: between(random, 0.005, 0.5, 4),
    unit: number.startsWith('221') ? 'Packung' : 'Stück',
    eclass: null,
    discountGroup: 0,
    customsTarifNumber: '85369010',
    countryOfOrigin: 'DE',
  };
};

export const rittalEnclosure: Family = (random) => {
  const [series, w, h, d, text] = pick(random, [
    ['AX', 300, 300, 155, 'AX Kompaktgehäuse, Stahlblech'],
    ['AX', 400, 500, 210, 'AX Kompaktgehäuse, Stahlblech'],
    ['AX', 600, 600, 250, 'AX Kompaktgehäuse, Stahlblech'],
    ['AX', 800, 1000, 300, 'AX Kompaktgehäuse, Stahlblech'],
    ['KX', 300, 200, 120, 'KX Klemmenkasten, Stahlblech'],
    ['VX', 600, 2000, 500, 'VX25 Anreihschranksystem, mit Montageplatte'],
    ['VX', 800, 2000, 600, 'VX25 Anreihschranksystem, mit Montageplatte'],
    ['VX', 1200, 2000, 600, 'VX25 Anreihschranksystem, zweitürig, mit Montageplatte'],
    ['SZ', 500, 0, 0, 'Sockel-Blende, Zubehör'],
    ['SK', 280, 550, 140, 'Blue e+ Wandanbau-Kühlgerät, 1,1 kW'],
  ] as const);
  const number = `${series === 'VX' ? '8' : series === 'SK' ? '3' : series === 'SZ' ? '2' : '1'}${digits(random, 3)}.${pick(random, ['000', '000', '500', '100', '010'])}`;
  return {
    ...base(random),
    orderNumber: number,
    manufacturerNumber: `${series} ${number}`,
    description: h > 0 ? `${text}, B×H×T: ${w}×${h}×${d} mm` : `${text}, Breite ${w} mm`,
    listPrice: between(
      random,
      series === 'VX' || series === 'SK' ? 900 : 60,
      series === 'VX' || series === 'SK' ? 3200 : 690,
    ),
    width: w / 10,
    height: h > 0 ? h / 10 : null,
    depth: d > 0 ? d / 10 : null,
    weight: series === 'VX' ? between(random, 68, 140, 1) : between(random, 0.8, 38, 2),
    eclass: series === 'VX' ? '27180101' : null,
    discountGroup: series === 'SK' ? 1 : 0,
    customsTarifNumber: '85381000',
    countryOfOrigin: 'DE',
    deliveryTime: pick(random, [3, 5, 10, 20]),
  };
};

export const weidmuellerTerminal: Family = (random) => {
  const [series, text] = pick(random, [
    ['WDU', 'Durchgangs-Reihenklemme, Schraubanschluss'],
    ['WDK', 'Doppelstock-Reihenklemme, Schraubanschluss'],
    ['WPE', 'Schutzleiter-Reihenklemme, Schraubanschluss'],
    ['A2C', 'Durchgangs-Reihenklemme, PUSH IN, 2 Anschlüsse'],
    ['A3C', 'Durchgangs-Reihenklemme, PUSH IN, 3 Anschlüsse'],
    ['A4C', 'Durchgangs-Reihenklemme, PUSH IN, 4 Anschlüsse'],
    ['ZDU', 'Durchgangs-Reihenklemme, Zugfeder'],
    ['ZPE', 'Schutzleiter-Reihenklemme, Zugfeder'],
  ] as const);
  const size = pick(random, ['1.5', '2.5', '4', '6', '10', '16', '35']);
  const type = `${series} ${size}`;
  const colour = pick(random, [
    ['', 'dunkelbeige'],
    [' BL', 'blau'],
    [' OR', 'orange'],
    [' SW', 'schwarz'],
  ] as const);
  return {
    ...base(random),
    orderNumber: `${pick(random, ['10', '19', '20', '15'])}${digits(random, 5)}000`,
    manufacturerNumber: series.endsWith('PE') ? type : `${type}${colour[0]}`,
    description: `${text}, ${german(Number(size))} mm², ${series.endsWith('PE') ? 'grün-gelb' : colour[1]}`,
    listPrice: between(random, 0.7, 5.2),
    width: between(random, 0.5, 1.2),
    height: between(random, 4.6, 6.2),
    depth: between(random, 3.6, 4.6),
    weight: between(random, 0.006, 0.03, 4),
    unit: '100 Stück',
    priceUnitSize: 100,
    packagingUnitSize: 100,
    eclass: series.endsWith('PE') ? '27141123' : '27141120',
    discountGroup: 0,
    customsTarifNumber: '85369010',
    countryOfOrigin: pick(random, ['DE', 'CZ']),
  };
};
