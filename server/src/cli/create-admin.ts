import { runCreateAdmin } from './create-admin-run';

// `npm run create-admin -- --email …`: thin entry; the work and its tests are in create-admin-run.ts.
const code = await runCreateAdmin({
  argv: process.argv.slice(2),
  env: process.env,
  out: (line) => console.log(line),
  err: (line) => console.error(line),
});
// Ends the process also if a driver left a handle open (pg-boss timers, pool sockets).
process.exit(code);
