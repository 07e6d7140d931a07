// The offer data of the business list benches (bench/offer-list.mjs, bench/folder-list.mjs): companies,
// enquiries and some 100,000 offers with their older versions, filled in the database
// (INSERT … SELECT generate_series), and the one-request-at-a-time measurement of a list URL.
//
// Data: 25 customers, 30 suppliers. `rows` current offers on rows / 4 enquiries, four suppliers per enquiry;
// half of the enquiries belong to one large customer, and the first offer of every second enquiry comes
// from one large supplier. 80 % released (OPEN 50 %, DECLINED 20 %, ACCEPTED 10 %, CONFIRMED 20 %), the rest
// OPEN drafts; 5 % archived. Every ninth lineage has a second version, every 45th a third (invalidated rows).

const { createTestApp, signIn, as } = await import('../../server/src/test/test-app.ts');
const { createCompany, createUser } = await import('../../server/src/test/factories.ts');

export { as, createTestApp, signIn };

const PREFIXES = ['MM', 'KS', 'AB', 'EL', 'RT', 'WS'];
const SLOTS = 4;

/** Fills the database: companies, enquiries, offers with their older versions. */
export async function fillOffers(ctx, ROWS) {
  const sql = (text, values) => ctx.database.executeSql(text, values);
  const bigCustomer = await createCompany(ctx.db, { type: 'CUSTOMER', name: 'Großkunde Anlagenbau GmbH' });
  const customerUser = await createUser(ctx.db, { companyId: bigCustomer.id });
  const customers = [bigCustomer.id];
  for (let i = 0; i < 24; i++) customers.push((await createCompany(ctx.db, { type: 'CUSTOMER' })).id);
  const bigSupplier = await createCompany(ctx.db, { type: 'SUPPLIER', name: 'Schaltanlagen Groß GmbH' });
  const supplierUser = await createUser(ctx.db, { companyId: bigSupplier.id });
  const others = [];
  for (let i = 0; i < 29; i++) others.push((await createCompany(ctx.db, { type: 'SUPPLIER' })).id);
  const enquiryCount = Math.ceil(ROWS / SLOTS);
  const started = performance.now();
  // Enquiry e: the large customer for even e; reference numbers like MM-2026-00123.
  await sql(
    `insert into enquiries (customer_id, title, reference_number, delivery_condition, desired_delivery_date,
       amount, technical_spec, released, release_date, created_at, updated_at)
     select case when e % 2 = 0 then $1::uuid else ($2::uuid[])[1 + (e / 2) % 24] end,
       'Schaltschrank ' || e,
       ($3::text[])[1 + e % 6] || '-' || (2024 + (e / 6) % 3) || '-' || lpad(e::text, 5, '0'),
       'EXW', date '2027-01-01' + (e % 300), 1, '{}'::jsonb, true,
       now() - ((e * 4) || ' minutes')::interval, now() - ((e * 4 + 60) || ' minutes')::interval, now()
     from generate_series(1, $4::int) e`,
    [bigCustomer.id, `{${customers.slice(1).join(',')}}`, `{${PREFIXES.join(',')}}`, enquiryCount],
  );
  // Offer g = slot k of enquiry e (g = e * SLOTS + k): slot 0 of an even enquiry is the large supplier,
  // the others four distinct of the 29 further suppliers. The state follows a spread of g over 20 classes.
  await sql(
    `with e as (select id, customer_id, reference_number, (row_number() over (order by created_at desc))::int as n
                from enquiries),
     g0 as (select e.*, (e.n - 1) * ${SLOTS} + k as g, k from e cross join generate_series(0, ${SLOTS - 1}) k),
     g as (select g0.*, (g0.g * 13 + g0.g / ${SLOTS}) % 20 as s from g0)
     insert into offers (lineage_id, enquiry_id, supplier_id, customer_id, state, version, released,
       release_date, archived, customer_current, offer_number, reference_number, price, delivery_condition,
       desired_delivery_date, amount, technical_spec, created_at, updated_at)
     select gen_random_uuid(), g.id,
       case when g.k = 0 and g.n % 2 = 0 then $1::uuid else ($2::uuid[])[1 + (g.n + g.k * 6) % 29] end,
       g.customer_id,
       (case when g.s < 4 then 'OPEN' when g.s < 12 then 'OPEN' when g.s < 15 then 'DECLINED'
             when g.s < 17 then 'ACCEPTED' else 'CONFIRMED' end)::offer_state,
       case when g.g % 45 = 0 then 3 when g.g % 9 = 0 then 2 else 1 end,
       g.s >= 4,
       case when g.s >= 4 then now() - ((g.g * 3) || ' minutes')::interval end,
       g.s = 13,
       g.s >= 4,
       case when g.g % 7 <> 0 or g.s >= 4 then 'AN-' || (2024 + g.g % 3) || '-' || lpad(g.g::text, 6, '0') end,
       g.reference_number,
       1000 + (g.g % 997) * 37.5,
       'EXW', date '2027-02-01' + (g.g % 200), 1, '{}'::jsonb,
       now() - ((g.g * 3 + 30) || ' minutes')::interval, now()
     from g where g.g < $3::int`,
    [bigSupplier.id, `{${others.join(',')}}`, ROWS],
  );
  await sql('update offers set lineage_id = id');
  // Older versions: invalidated, released (OPEN or DECLINED), created before the current one; the one just
  // before a current draft is still the customer's current version.
  await sql(
    `insert into offers (lineage_id, enquiry_id, supplier_id, customer_id, state, version, released,
       release_date, invalidated, customer_current, offer_number, reference_number, price, delivery_condition,
       desired_delivery_date, amount, technical_spec, created_at, updated_at)
     select o.lineage_id, o.enquiry_id, o.supplier_id, o.customer_id,
       (case when v % 2 = 1 then 'DECLINED' else 'OPEN' end)::offer_state, v, true,
       o.created_at - ((o.version - v) || ' days')::interval, true,
       not o.released and v = o.version - 1,
       o.offer_number, o.reference_number, o.price + 250 * (o.version - v), 'EXW',
       o.desired_delivery_date, 1, '{}'::jsonb, o.created_at - ((o.version - v) || ' days')::interval, now()
     from offers o cross join generate_series(1, 2) v
     where o.version > v`,
  );
  // As autovacuum leaves a table at rest: statistics and the visibility map (index-only counts).
  await sql('vacuum analyze enquiries');
  await sql('vacuum analyze offers');
  const fillSeconds = (performance.now() - started) / 1000;
  const [counts] = (
    await sql(
      `select count(*)::int as all, count(*) filter (where invalidated)::int as old,
         count(*) filter (where supplier_id = $1 and not invalidated)::int as supplier,
         count(*) filter (where customer_id = $2 and customer_current)::int as customer
       from offers`,
      [bigSupplier.id, bigCustomer.id],
    )
  ).rows;
  return { customerUser, supplierUser, counts, fillSeconds };
}

export function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export async function measure(app, session, url, REPS) {
  for (let i = 0; i < 20; i++) await as(app, session, { method: 'GET', url });
  const times = [];
  let total = 0;
  for (let i = 0; i < REPS; i++) {
    const started = performance.now();
    const response = await as(app, session, { method: 'GET', url });
    times.push(performance.now() - started);
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    total = response.json().totalElements;
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), max: times[times.length - 1], total };
}
