// The top of a V8 CPU profile (`node --cpu-prof`): self time by package and by function, for the
// benchmarks' "what limits it" (bench/request-path.mjs --profile).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

function packageOf(url, functionName) {
  if (url === '') return `(${functionName || 'program'})`;
  if (url.startsWith('node:')) return 'node (intern)';
  const match = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(url);
  if (match) return match[1];
  return url.includes('/server/dist/') ? 'server/dist (gebündelt)' : url;
}

/** Prints the `top` functions and packages by self time of every profile in `dir`. */
export function printCpuProfiles(dir, top = 25) {
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.cpuprofile'))) {
    const profile = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
    const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
    const byFunction = new Map();
    const byPackage = new Map();
    let total = 0;
    profile.samples.forEach((id, i) => {
      const delta = profile.timeDeltas[i] ?? 0;
      total += delta;
      const { functionName, url, lineNumber } = nodes.get(id).callFrame;
      const where = url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/server\/dist\//, 'dist/');
      const name = `${functionName || '(anonym)'}  ${where}:${lineNumber + 1}`;
      byFunction.set(name, (byFunction.get(name) ?? 0) + delta);
      const pkg = packageOf(url, functionName);
      byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + delta);
    });
    const print = (map, n) => {
      for (const [name, time] of [...map].sort((a, b) => b[1] - a[1]).slice(0, n)) {
        console.log(`${((100 * time) / total).toFixed(1).padStart(6)} %  ${name}`);
      }
    };
    console.log(`\nCPU-Profil ${file} (${(total / 1e6).toFixed(1)} s): Eigenzeit nach Paket`);
    print(byPackage, 15);
    console.log('Eigenzeit nach Funktion');
    print(byFunction, top);
  }
}
