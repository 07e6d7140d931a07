// The second half of the boundary check (`npm run check:boundaries`): server modules do not depend on each
// other in a circle. Tests and test helpers stay out of this graph: every module's tests use the shared
// helpers in server/src/test, which insert through module faces, so every module would sit in a circle
// with them, and dependency-cruiser's folder rules cannot leave single files out of a circle. The face
// rules in .dependency-cruiser.cjs do check the tests.
const base = require('./.dependency-cruiser.cjs');

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'server-module-cycle',
      comment: 'Servermodule hängen nicht im Kreis voneinander ab (Tests und Testhilfen zählen hier nicht).',
      severity: 'error',
      scope: 'folder',
      from: { path: '^server/src/modules/[^/]+$' },
      to: { circular: true },
    },
  ],
  options: {
    ...base.options,
    exclude: {
      path: [
        '(^|/)(node_modules|dist)/',
        '^server/src/.*\\.test\\.ts$',
        '^server/src/test/',
        '^server/src/.*/testing/',
      ],
    },
  },
};
