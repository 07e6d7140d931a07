// The reference for bench/request-path.mjs: a bare Fastify (the server's own version) with one route that runs
// ONE given SQL statement on a pg pool of the portal's size (10) and answers its rows as JSON. No session, no
// query builder, no count, no response schema: what a list page costs at the least on this machine.
//
//   PORT=… DATABASE_URL=… PAGE_SQL='select …' PAGE_PARAMS='["…"]' node bench/lib/pg-page-server.mjs
//
// PAGE_STATEMENTS='[{"text":"select …","values":[…]}, …]' instead runs several statements at once (a page that
// needs more than one read, bench/offer-compare.mjs) and answers each one's rows.
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const statements = process.env.PAGE_STATEMENTS
  ? JSON.parse(process.env.PAGE_STATEMENTS)
  : [{ text: process.env.PAGE_SQL, values: JSON.parse(process.env.PAGE_PARAMS ?? '[]') }];

const app = Fastify({ logger: false });
app.get('/page', async () => {
  const results = await Promise.all(statements.map((statement) => pool.query(statement)));
  return results.length === 1
    ? { content: results[0].rows }
    : { content: results.map((result) => result.rows) };
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log(`pg-page bereit auf ${process.env.PORT}`);

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    await app.close();
    await pool.end();
    process.exit(0);
  });
}
