// The rooms of ARCHITECTURE §2 as rules: each server module and each web feature has one public face
// (its index.ts); nothing outside imports another file of it, and modules do not depend on each other in
// a circle. `npm test` runs this check; a violation names the rule below.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'server-module-face',
      comment:
        'Ein Servermodul importiert von einem anderen Modul nur dessen index.ts (die öffentliche Seite).',
      severity: 'error',
      from: { path: '^server/src/modules/([^/]+)/' },
      to: {
        path: '^server/src/modules/[^/]+/',
        pathNot: ['^server/src/modules/$1/', '^server/src/modules/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'server-outside-face',
      comment:
        'Code außerhalb der Module (app, db, jobs, test) importiert ein Modul nur über dessen index.ts.',
      severity: 'error',
      from: { path: '^server/src/', pathNot: '^server/src/modules/' },
      to: { path: '^server/src/modules/[^/]+/', pathNot: '^server/src/modules/[^/]+/index\\.ts$' },
    },
    {
      name: 'server-seed-from-root',
      comment:
        'Die Demodaten (server/src/seed) lädt nur der Start (bootstrap, main); Module, db und Jobs nie.',
      severity: 'error',
      from: {
        path: '^server/src/',
        pathNot: ['^server/src/seed/', '^server/src/[^/]+\\.ts$', '\\.test\\.ts$'],
      },
      to: { path: '^server/src/seed/' },
    },
    {
      name: 'web-feature-face',
      comment:
        'Ein Web-Feature importiert von einem anderen Feature nur dessen index.ts (oder routes.ts, die lazy geladenen Seiten).',
      severity: 'error',
      from: { path: '^web/src/features/([^/]+)/' },
      to: {
        path: '^web/src/features/[^/]+/',
        pathNot: [
          '^web/src/features/$1/',
          '^web/src/features/[^/]+/index\\.ts$',
          '^web/src/features/[^/]+/routes\\.ts$',
        ],
      },
    },
    {
      name: 'web-outside-face',
      comment:
        'App, Komponenten und lib importieren ein Feature nur über dessen index.ts (der Router über routes.ts, die lazy geladenen Seiten).',
      severity: 'error',
      from: { path: '^web/src/', pathNot: '^web/src/features/' },
      to: {
        path: '^web/src/features/[^/]+/',
        pathNot: ['^web/src/features/[^/]+/index\\.ts$', '^web/src/features/[^/]+/routes\\.ts$'],
      },
    },
    {
      name: 'no-circular',
      comment: 'Dateien hängen nicht im Kreis voneinander ab.',
      severity: 'error',
      from: { path: '^(server|web|domain)/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: false,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'default'] },
  },
};
