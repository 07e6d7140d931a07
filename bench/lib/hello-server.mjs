// The reference for ARCHITECTURE §7's "≥ 0.2x the req/s of a hello-world route on the same machine":
// a bare Fastify (the server's own version, hoisted from the server workspace) with one JSON route.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log(`hello-world bereit auf ${process.env.PORT}`);

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    await app.close();
    process.exit(0);
  });
}
