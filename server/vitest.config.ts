import { defineConfig } from 'vitest/config';

/**
 * Files that replace a module with `vi.mock` (or count how often one is loaded) need a module registry of
 * their own. Every other file shares its worker's loaded modules with the files before it: each file still
 * starts on a fresh database (test-db.ts), and loading the app's modules anew for each of 165 files cost
 * about 40 % of a run.
 */
const ISOLATED = [
  'src/files/create-storage.test.ts',
  'src/files/upload-limit.routes.test.ts',
  'src/files/sheets/delimited-linear.test.ts',
];

export default defineConfig({
  test: {
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: { name: 'geteilt', include: ['src/**/*.test.ts'], exclude: ISOLATED, isolate: false },
      },
      { extends: true, test: { name: 'isoliert', include: ISOLATED } },
    ],
  },
});
