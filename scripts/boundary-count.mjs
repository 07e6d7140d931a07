// Counts of the house's boundaries (README "Aufbau"): imports crossing server modules and web features, how
// many of them bypass the other side's face (index.ts / routes.ts), how many go straight into a
// repository, and the module-level cycles without tests. `node scripts/boundary-count.mjs`
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cruise = execFileSync(
  process.execPath,
  [
    path.join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs'),
    'server/src',
    'web/src',
    '--no-config',
    '--output-type',
    'json',
    '--exclude',
    '(^|/)(node_modules|dist)/',
  ],
  { cwd: root, maxBuffer: 1 << 28 },
);
const { modules } = JSON.parse(cruise.toString());

/** `server:<module>` or `web:<feature>` for a file inside one, else null. */
function unitOf(file) {
  const server = file.match(/^server\/src\/modules\/([^/]+)\//);
  if (server) return `server:${server[1]}`;
  const web = file.match(/^web\/src\/features\/([^/]+)\//);
  return web ? `web:${web[1]}` : null;
}

const counts = { server: { cross: 0, deep: 0, repository: 0 }, web: { cross: 0, deep: 0 } };
const edges = new Map();
for (const module of modules) {
  const from = unitOf(module.source);
  if (!from) continue;
  const side = from.startsWith('server') ? 'server' : 'web';
  for (const dependency of module.dependencies) {
    const to = unitOf(dependency.resolved);
    if (!to || to === from) continue;
    counts[side].cross++;
    if (!/\/(index|routes)\.tsx?$/.test(dependency.resolved)) counts[side].deep++;
    if (side === 'server' && /repository/.test(dependency.resolved)) counts.server.repository++;
    if (/\.test\.tsx?$/.test(module.source)) continue;
    if (!edges.has(from)) edges.set(from, new Set());
    edges.get(from).add(to);
  }
}

// Tarjan's strongly connected components: every component of more than one unit is a cycle.
const order = new Map();
const low = new Map();
const stack = [];
const cycles = [];
let next = 0;
function visit(unit) {
  order.set(unit, next);
  low.set(unit, next++);
  stack.push(unit);
  for (const to of edges.get(unit) ?? []) {
    if (!order.has(to)) {
      visit(to);
      low.set(unit, Math.min(low.get(unit), low.get(to)));
    } else if (stack.includes(to)) low.set(unit, Math.min(low.get(unit), order.get(to)));
  }
  if (low.get(unit) !== order.get(unit)) return;
  const component = [];
  let member;
  do {
    member = stack.pop();
    component.push(member);
  } while (member !== unit);
  if (component.length > 1) cycles.push(component);
}
for (const unit of edges.keys()) if (!order.has(unit)) visit(unit);

console.log(JSON.stringify(counts));
console.log(`cycles: ${cycles.length ? cycles.map((c) => `{${c.join(', ')}}`).join(' ') : 'none'}`);
