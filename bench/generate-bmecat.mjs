// A BMEcat 2005 catalog of generated products for bench/bmecat-import.mjs: each product with German and
// English short texts, a long text, GTIN, order details (C62 or MTR, price quantity 1 or 100), list and
// customer price, an image and a data sheet, two references, an ECLASS class (code and IRDI) and an ETIM
// class with five features (width, height, depth in mm, weight in g, a text feature).
//
//   node bench/generate-bmecat.mjs [--products 100000] [--out bench/out/bmecat-100000.xml]

import { once } from 'node:events';
import { createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs, root } from './lib/portal.mjs';

const options = parseArgs(process.argv.slice(2), { products: 100_000, out: '' });
const count = Number(options.products);
const out = options.out || path.join(root, 'bench', 'out', `bmecat-${count}.xml`);
mkdirSync(path.dirname(out), { recursive: true });

const header = `<?xml version="1.0" encoding="UTF-8"?>
<BMECAT version="2005" xmlns="http://www.bmecat.org/bmecat/2005">
  <HEADER>
    <CATALOG><LANGUAGE>deu</LANGUAGE><CATALOG_ID>BENCH</CATALOG_ID><CATALOG_VERSION>1.0</CATALOG_VERSION>
      <MIME_ROOT>https://media.example.com/</MIME_ROOT></CATALOG>
    <SUPPLIER><SUPPLIER_NAME>Weidmüller</SUPPLIER_NAME></SUPPLIER>
  </HEADER>
  <T_NEW_CATALOG>
`;

function product(index) {
  const number = String(1_000_000_000 + index);
  const metre = index % 10 === 0;
  return `    <PRODUCT mode="new">
      <SUPPLIER_PID>${number}</SUPPLIER_PID>
      <PRODUCT_DETAILS>
        <DESCRIPTION_SHORT lang="deu">Durchgangsklemme WDU ${index % 50}.5 grün &amp; beige</DESCRIPTION_SHORT>
        <DESCRIPTION_SHORT lang="eng">Feed-through terminal WDU ${index % 50}.5</DESCRIPTION_SHORT>
        <DESCRIPTION_LONG lang="deu">Reihenklemme mit Schraubanschluss, Bemessungsquerschnitt ${index % 50}.5 mm², Bemessungsspannung 800 V</DESCRIPTION_LONG>
        <INTERNATIONAL_PID type="gtin">${4_008_190_000_000 + index}</INTERNATIONAL_PID>
        <MANUFACTURER_PID>M-${number}</MANUFACTURER_PID>
        <MANUFACTURER_NAME>Weidmüller</MANUFACTURER_NAME>
        <DELIVERY_TIME>${1 + (index % 10)}</DELIVERY_TIME>
      </PRODUCT_DETAILS>
      <PRODUCT_FEATURES>
        <REFERENCE_FEATURE_SYSTEM_NAME>ECLASS-14.0</REFERENCE_FEATURE_SYSTEM_NAME>
        <REFERENCE_FEATURE_GROUP_ID>27141137</REFERENCE_FEATURE_GROUP_ID>
        <REFERENCE_FEATURE_GROUP_ID2>0173-1#01-ADO458#005</REFERENCE_FEATURE_GROUP_ID2>
      </PRODUCT_FEATURES>
      <PRODUCT_FEATURES>
        <REFERENCE_FEATURE_SYSTEM_NAME>ETIM-9.0</REFERENCE_FEATURE_SYSTEM_NAME>
        <REFERENCE_FEATURE_GROUP_ID>EC000897</REFERENCE_FEATURE_GROUP_ID>
        <FEATURE><FNAME>EF000008</FNAME><FVALUE>${5 + (index % 7)}.1</FVALUE><FUNIT>MMT</FUNIT></FEATURE>
        <FEATURE><FNAME>EF000040</FNAME><FVALUE>44</FVALUE><FUNIT>MMT</FUNIT></FEATURE>
        <FEATURE><FNAME>EF000049</FNAME><FVALUE>46.5</FVALUE><FUNIT>MMT</FUNIT></FEATURE>
        <FEATURE><FNAME>Gewicht</FNAME><FVALUE>${6 + (index % 9)}.5</FVALUE><FUNIT>GRM</FUNIT></FEATURE>
        <FEATURE><FNAME>EF000007</FNAME><FVALUE>EV000080</FVALUE></FEATURE>
      </PRODUCT_FEATURES>
      <PRODUCT_ORDER_DETAILS>
        <ORDER_UNIT>${metre ? 'MTR' : 'C62'}</ORDER_UNIT>
        <CONTENT_UNIT>${metre ? 'MTR' : 'C62'}</CONTENT_UNIT>
        <NO_CU_PER_OU>1</NO_CU_PER_OU>
        <PRICE_QUANTITY>${metre ? 1 : 100}</PRICE_QUANTITY>
        <QUANTITY_MIN>1</QUANTITY_MIN>
        <QUANTITY_INTERVAL>1</QUANTITY_INTERVAL>
      </PRODUCT_ORDER_DETAILS>
      <PRODUCT_PRICE_DETAILS>
        <PRODUCT_PRICE price_type="net_list"><PRICE_AMOUNT>${(50 + (index % 997) / 10).toFixed(2)}</PRICE_AMOUNT><PRICE_CURRENCY>EUR</PRICE_CURRENCY></PRODUCT_PRICE>
        <PRODUCT_PRICE price_type="net_customer"><PRICE_AMOUNT>${(30 + (index % 997) / 10).toFixed(2)}</PRICE_AMOUNT><PRICE_CURRENCY>EUR</PRICE_CURRENCY></PRODUCT_PRICE>
      </PRODUCT_PRICE_DETAILS>
      <MIME_INFO>
        <MIME><MIME_TYPE>image/jpeg</MIME_TYPE><MIME_SOURCE>images/${number}.jpg</MIME_SOURCE><MIME_PURPOSE>normal</MIME_PURPOSE></MIME>
        <MIME><MIME_TYPE>application/pdf</MIME_TYPE><MIME_SOURCE>https://media.example.com/pdf/${number}.pdf</MIME_SOURCE><MIME_PURPOSE>data_sheet</MIME_PURPOSE></MIME>
      </MIME_INFO>
      <PRODUCT_REFERENCE type="accessories"><PROD_ID_TO>${1_000_000_000 + ((index + 1) % count)}</PROD_ID_TO></PRODUCT_REFERENCE>
      <PRODUCT_REFERENCE type="similar"><PROD_ID_TO>${1_000_000_000 + ((index + 2) % count)}</PROD_ID_TO></PRODUCT_REFERENCE>
    </PRODUCT>
`;
}

const stream = createWriteStream(out);
stream.write(header);
for (let index = 0; index < count; index += 1) {
  if (!stream.write(product(index))) await once(stream, 'drain');
}
stream.end('  </T_NEW_CATALOG>\n</BMECAT>\n');
await once(stream, 'finish');
console.log(`${out}: ${count} Produkte`);
