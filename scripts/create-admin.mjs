// `npm run create-admin -- --email …`: builds the server when its build lacks the command, then runs it.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const command = path.join(root, 'server/dist/create-admin.js');

if (!existsSync(command)) {
  console.log('Kein Build des Servers vorhanden: der Server wird gebaut …');
  const result = spawnSync('npm', ['run', 'build', '-w', 'server'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import(command);
