// `npm start`: builds web and server when no build is present, then runs one server process.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const needsBuild =
  !existsSync(path.join(root, 'web/dist/index.html')) || !existsSync(path.join(root, 'server/dist/main.js'));

if (needsBuild) {
  console.log('Kein Build vorhanden: Web-App und Server werden gebaut …');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import(path.join(root, 'server/dist/main.js'));
