// The generated article catalog of the benchmarks (ARCHITECTURE §7: 1,000,000 articles), shared by
// bench/article-search.mjs and bench/bom-matching.mjs. Everything is generated in the database
// (INSERT … SELECT generate_series, CHUNK rows per statement) with the article indexes dropped during the
// fill and created again afterwards, then VACUUM ANALYZE.
//
// Article i belongs to manufacturer i % M of the given list (M = its length; 60 in both benchmarks) and is
// written in order-number style (i % M) % 5: 0 Siemens MLFB, 1 Phoenix 7 digits, 2 WAGO, 3 Rittal,
// 4 Weidmüller. Its unit is the (i % U)-th of the units sorted by name; every 100th article has no order
// number; about every 10th gets an alternative order number.

export const FAMILIES = [
  'Leistungsschütz',
  'Hilfsschütz',
  'Durchgangsreihenklemme',
  'Schutzleiterreihenklemme',
  'Doppelstockklemme',
  'Leitungsschutzschalter',
  'Motorschutzschalter',
  'Fehlerstromschutzschalter',
  'Kompaktgehäuse',
  'Anreihschrank',
  'Stromversorgung',
  'Steuerleitung',
  'Koppelrelais',
  'Zeitrelais',
  'Drucktaste',
  'Leuchtmelder',
  'Not-Halt-Taster',
  'Kabeleinführung',
  'Verdrahtungskanal',
  'Tragschiene',
  'Sicherheitsschaltgerät',
  'Frequenzumrichter',
  'Sicherungshalter',
  'Lasttrennschalter',
  'Klemmenkasten',
  'Schaltschrankleuchte',
  'Filterlüfter',
  'Kühlgerät',
  'Digitaleingabemodul',
  'Analogausgabemodul',
];
export const ATTRIBUTES = [
  '1,5 mm²',
  '2,5 mm²',
  '4 mm²',
  '6 mm²',
  '10 mm²',
  '16 A',
  '20 A',
  '25 A',
  '32 A',
  '24 V DC',
  '230 V AC',
  '3-polig',
  '4-polig',
  'IP54',
  'IP66',
];
export const COLOURS = ['grau', 'blau', 'schwarz', 'rot', 'grün-gelb', 'orange', 'weiß'];
export const sqlArray = (values) =>
  `ARRAY[${values.map((value) => `'${String(value).replaceAll("'", "''")}'`).join(',')}]`;

/** Order numbers in five manufacturers' styles (Siemens MLFB, Phoenix 7 digits, WAGO, Rittal, Weidmüller). */
const ORDER_NUMBER = `case s.style
  when 0 then '3' || chr(65 + (i * 7) % 26) || chr(65 + (i * 13) % 26) || lpad(((i * 37) % 10000)::text, 4, '0') || '-' || ((i * 3) % 10)::text || chr(65 + (i * 11) % 26) || chr(65 + (i * 17) % 26) || lpad(((i * 7) % 100)::text, 2, '0')
  when 1 then ((i::bigint * 7919) % 9000000 + 1000000)::text
  when 2 then ((i * 31) % 9000 + 1000)::text || '-' || lpad(((i * 97) % 10000)::text, 4, '0')
  when 3 then lpad(((i * 53) % 10000)::text, 4, '0') || '.' || lpad(((i * 29) % 1000)::text, 3, '0')
  else lpad(((i::bigint * 104729) % 10000000000)::text, 10, '0') end`;

const MANUFACTURER_NUMBER = `case s.style
  when 0 then o.number
  when 1 then (${sqlArray(['UT', 'PT', 'ST', 'UK', 'PTTB', 'UTTB'])})[i % 6 + 1] || ' ' || (${sqlArray(['1,5', '2,5', '4', '6', '10', '16'])})[(i / 6) % 6 + 1] || '-' || upper(substr(md5(i::text), 1, 4))
  when 2 then o.number
  when 3 then (${sqlArray(['AX', 'VX', 'SZ', 'KX', 'SK'])})[i % 5 + 1] || ' ' || o.number
  else (${sqlArray(['WDU', 'WDK', 'A2C', 'ZDU', 'WPE'])})[i % 5 + 1] || ' ' || ((i / 5) % 40)::text || '.' || (i % 10)::text || ' ' || upper(substr(md5(i::text), 5, 3)) end`;

/** 'Hersteller 01' … 'Hersteller 60': the manufacturers of the article search benchmark. */
export const NUMBERED_MANUFACTURERS = Array.from(
  { length: 60 },
  (_, g) => `Hersteller ${String(g + 1).padStart(2, '0')}`,
);

/**
 * With `distinctNumbers`: the same styles, but every order number and manufacturer number occurs once in the
 * catalog (the numbers above repeat: style 3 every 10,000 articles, so at 1,000,000 articles one manufacturer
 * has ~33 articles per order number). Built from v = i * 7919 mod 10^8 (one-to-one for i < 10^7).
 */
const DISTINCT_ORDER_NUMBER = `case s.style
  when 0 then '3' || chr((65 + (x.v / 10000000) % 10)::int) || chr(65 + (i * 13) % 26) || lpad(((x.v / 1000) % 10000)::text, 4, '0') || '-' || ((x.v / 100) % 10)::text || chr(65 + (i * 11) % 26) || chr(65 + (i * 17) % 26) || lpad((x.v % 100)::text, 2, '0')
  when 1 then ((i::bigint * 7919) % 9000000 + 1000000)::text
  when 2 then ((i::bigint * 7919) % 90000000 / 10000 + 1000)::text || '-' || lpad(((i::bigint * 7919) % 10000)::text, 4, '0')
  when 3 then lpad(((i::bigint * 7919) % 10000000 / 1000)::text, 4, '0') || '.' || lpad(((i::bigint * 7919) % 1000)::text, 3, '0')
  else lpad(((i::bigint * 104729) % 10000000000)::text, 10, '0') end`;

const DISTINCT_MANUFACTURER_NUMBER = `case s.style
  when 0 then o.number
  when 1 then (${sqlArray(['UT', 'PT', 'ST', 'UK', 'PTTB', 'UTTB'])})[i % 6 + 1] || ' ' || (${sqlArray(['1,5', '2,5', '4', '6', '10', '16'])})[(i / 6) % 6 + 1] || '-' || upper(to_hex(i))
  when 2 then o.number
  when 3 then (${sqlArray(['AX', 'VX', 'SZ', 'KX', 'SK'])})[i % 5 + 1] || ' ' || o.number
  else (${sqlArray(['WDU', 'WDK', 'A2C', 'ZDU', 'WPE'])})[i % 5 + 1] || ' ' || ((i / 5) % 40)::text || '.' || (i % 10)::text || ' ' || upper(to_hex(i)) end`;

function fillStatement(from, to, manufacturerCount, distinctNumbers) {
  return `
    with ms as (select array_agg(m.id order by x.ord) as ids
                  from unnest(${sqlArray(MANUFACTURER_ORDER)}::text[]) with ordinality as x(name, ord)
                  join manufacturers m on m.display_name = x.name),
         us as (select array_agg(id order by display_name) as ids from units)
    insert into articles (manufacturer_id, order_number, manufacturer_number, description, list_price, purchase_price,
                          price_unit_size, width, height, depth, weight, unit_id, article_import_source)
    select ms.ids[s.m + 1],
           case when i % 100 = 0 then null else o.number end,
           ${distinctNumbers ? DISTINCT_MANUFACTURER_NUMBER : MANUFACTURER_NUMBER},
           (${sqlArray(FAMILIES)})[i % ${FAMILIES.length} + 1] || ', ' || (${sqlArray(ATTRIBUTES)})[(i / 7) % ${ATTRIBUTES.length} + 1]
             || ', ' || (${sqlArray(COLOURS)})[(i / 3) % ${COLOURS.length} + 1] || ', Serie ' || upper(substr(md5((i / 100)::text), 1, 4)),
           round((0.5 + ((i * 37) % 200000) / 100.0)::numeric, 2),
           case when i % 3 = 0 then round((0.3 + ((i * 37) % 200000) / 160.0)::numeric, 2) end,
           case when i % 4 = 0 then 100 else 1 end,
           round((1 + (i * 13) % 600 / 10.0)::numeric, 2),
           round((1 + (i * 17) % 2000 / 10.0)::numeric, 2),
           round((1 + (i * 19) % 600 / 10.0)::numeric, 2),
           case when i % 50 = 0 then null else round((0.005 + ((i * 29) % 150000) / 1000.0)::numeric, 4) end,
           us.ids[i % array_length(us.ids, 1) + 1],
           'CSV'
    from generate_series(${from}, ${to}) as i
    cross join ms cross join us
    cross join lateral (select i % ${manufacturerCount} as m, (i % ${manufacturerCount}) % 5 as style) s
    ${distinctNumbers ? 'cross join lateral (select (i::bigint * 7919) % 100000000 as v) x' : ''}
    cross join lateral (select ${distinctNumbers ? DISTINCT_ORDER_NUMBER : ORDER_NUMBER} as number) o`;
}

let MANUFACTURER_ORDER = NUMBERED_MANUFACTURERS;

/**
 * Fills the catalog of `database` ({ kind, query(text, values) -> rows }): the manufacturers (in the given
 * order: article i belongs to the (i % length)-th), the units ({ name, variants }), `rows` articles and the
 * alternative numbers. With `names` the master-data names are written as the portal writes them
 * (manufacturer_names / unit_names: display name and variants, name_lower = nameKey, i.e. trimmed, spaces
 * collapsed, lower case), so that the BOM matching can resolve them. With `distinctNumbers` every order
 * number and manufacturer number occurs once (see DISTINCT_ORDER_NUMBER).
 */
export async function fillCatalog(
  database,
  {
    rows,
    chunk = 100_000,
    manufacturers = NUMBERED_MANUFACTURERS,
    units = [{ name: 'Stück' }, { name: 'Meter' }, { name: 'Packung' }],
    names = false,
    distinctNumbers = false,
  },
) {
  MANUFACTURER_ORDER = manufacturers;
  const started = performance.now();
  const key = (name) => name.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
  await database.query(
    `insert into manufacturers (display_name) select x.name from unnest($1::text[]) with ordinality as x(name, ord) order by x.ord`,
    [manufacturers],
  );
  for (const unit of units) {
    await database.query(`insert into units (display_name, name_variants) values ($1, $2::text[])`, [
      unit.name,
      unit.variants ?? [],
    ]);
  }
  if (names) {
    await database.query(
      `insert into manufacturer_names (item_id, name, name_lower)
       select m.id, m.display_name, x.key from unnest($1::text[], $2::text[]) as x(name, key)
       join manufacturers m on m.display_name = x.name`,
      [manufacturers, manufacturers.map(key)],
    );
    const unitNames = units.flatMap((unit) =>
      [unit.name, ...(unit.variants ?? [])].map((name) => [unit.name, name]),
    );
    await database.query(
      `insert into unit_names (item_id, name, name_lower)
       select u.id, x.name, x.key from unnest($1::text[], $2::text[], $3::text[]) as x(unit, name, key)
       join units u on u.display_name = x.unit`,
      [
        unitNames.map(([unit]) => unit),
        unitNames.map(([, name]) => name),
        unitNames.map(([, name]) => key(name)),
      ],
    );
  }
  const indexes = await database.query(
    `select indexname, indexdef from pg_indexes where tablename in ('articles', 'article_alternative_numbers')
       and indexname not like '%_pkey' and indexname <> 'article_alternative_numbers_key'`,
  );
  for (const { indexname } of indexes) await database.query(`drop index ${indexname}`);
  for (let from = 1; from <= rows; from += chunk) {
    await database.query(
      fillStatement(from, Math.min(rows, from + chunk - 1), manufacturers.length, distinctNumbers),
    );
    process.stdout.write(
      `\r  ${database.kind}: ${Math.min(rows, from + chunk - 1).toLocaleString('de-DE')} Artikel`,
    );
  }
  await database.query(`
    insert into article_alternative_numbers (article_id, kind, number)
    select id, 'ORDER', case when order_number ~ '[-.]' then replace(replace(order_number, '-', ''), '.', '') else order_number || '-ALT' end
    from articles where order_number is not null and abs(hashtext(order_number)) % 10 = 0`);
  const filled = performance.now();
  for (const { indexdef } of indexes) await database.query(indexdef);
  const indexed = performance.now();
  await database.query('vacuum analyze');
  const [{ alternatives }] = await database.query(
    'select count(*)::int as alternatives from article_alternative_numbers',
  );
  const seconds = {
    fill: (filled - started) / 1000,
    indexes: (indexed - filled) / 1000,
    vacuum: (performance.now() - indexed) / 1000,
  };
  console.log(
    `\n  ${database.kind}: Füllen ${seconds.fill.toFixed(1)} s, Indexe ${seconds.indexes.toFixed(1)} s, ` +
      `VACUUM ANALYZE ${seconds.vacuum.toFixed(1)} s; ${alternatives.toLocaleString('de-DE')} Alternativen`,
  );
  return { ...seconds, alternatives };
}
