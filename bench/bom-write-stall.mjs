// The longest stretch without a turn of the event loop while a 5,000-line BOM's lines are written as a new
// generation (pieces of WRITE_PIECE rows, one transaction each), activated and the old rows removed, on the
// embedded database (ARCHITECTURE §3a: no request waits > 100 ms). Three rounds on one BOM.
//
//   node --import tsx bench/bom-write-stall.mjs
const { createTestApp } = await import('../server/src/test/test-app.ts');
const { newLineGeneration, writeLines, removeStaleLines, activateLineGeneration } = await import(
  '../server/src/modules/bom/bom-line-writes.repository.ts'
);
const ctx = await createTestApp();
const sql = (t, v) => ctx.database.executeSql(t, v);
const {
  rows: [c],
} = await sql(`insert into companies (name, type) values ('X', 'CUSTOMER') returning id`);
const {
  rows: [e],
} = await sql(
  `insert into enquiries (customer_id, title, amount, technical_spec) values ($1, 't', 1, '{}'::jsonb) returning id`,
  [c.id],
);
const {
  rows: [b],
} = await sql(
  `insert into enquiry_boms (enquiry_id, customer_id, storage_key, filename, size, header_row_index, headers) values ($1, $2, 'k', 'f', 1, 1, '[]'::jsonb) returning id`,
  [e.id, c.id],
);
const lines = Array.from({ length: 5000 }, (_, i) => ({
  rowNumber: i + 2,
  raw: { Menge: '1', Bestellnummer: `A-${i}`, Hersteller: 'Siemens', BMK: `-K${i}` },
  values: {
    quantity: 1,
    unit: 'Stk',
    isSuppliedPart: false,
    orderNumber: `A-${i}`,
    manufacturerNumber: null,
    manufacturerName: 'Siemens',
    wholesalerOrderNumber: null,
    functionDesignation: '==PRD',
    functionalAssignment: '=A1',
    locationIdentifier: null,
    installationLocation: '+S1',
    bmk: `-K${i}`,
  },
}));
const matches = lines.map(() => ({
  status: 'NOT_FOUND',
  matchedArticleId: null,
  candidateIds: [],
  articleQuantity: null,
  manufacturerId: null,
  quantityUnitId: null,
}));
// The longest stretch without a turn of the event loop while the lines are written and the old ones removed.
let last = performance.now();
let worst = 0;
let on = true;
const tick = () => {
  const now = performance.now();
  worst = Math.max(worst, now - last);
  last = now;
  if (on) setImmediate(tick);
};
for (let r = 0; r < 3; r++) {
  worst = 0;
  last = performance.now();
  on = true;
  setImmediate(tick);
  const t = performance.now();
  const owner = { enquiryBomId: b.id };
  const gen = newLineGeneration();
  await writeLines(ctx.db, owner, gen, lines, matches);
  const written = performance.now() - t;
  await ctx.db.transaction((tx) => activateLineGeneration(tx, owner, gen));
  await removeStaleLines(ctx.db, owner);
  on = false;
  console.log(
    ctx.database.kind,
    `write ${Math.round(written)} ms, whole ${Math.round(performance.now() - t)} ms, longest event-loop stall ${Math.round(worst)} ms`,
  );
}
await ctx.close();
