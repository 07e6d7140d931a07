// The reference for bench/request-path.mjs: a bare Fastify (the server's own version) with one route that runs
// ONE given SQL statement on a pg pool of the portal's size (10) and answers its rows as JSON. No session, no
// query builder, no count, no response schema: what a list page costs at the least on this machine.
//
//   PORT=… DATABASE_URL=… PAGE_SQL='select …' PAGE_PARAMS='["…"]' node bench/lib/pg-page-server.mjs
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const text = process.env.PAGE_SQL;
const values = JSON.parse(process.env.PAGE_PARAMS ?? '[]');

const app = Fastify({ logger: false });
app.get('/page', async () => {
  const { rows } = await pool.query({ text, values });
  return { content: rows };
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
