import { PGlite } from '@electric-sql/pglite';
import { sessionArguments } from './session-settings';

/**
 * PGlite's buffer cache lives in its WebAssembly memory, which never shrinks: with the default 128 MB the
 * portal's process held about 400 MB before any work and 666 MB after a BMEcat import of 100,000 products
 * (ARCHITECTURE §7: RSS < 512 MB). The data directory is read through the operating system's page cache, so a
 * smaller cache costs a copy per page read, not a disk read (bench/README.md "Katalogimport ganz").
 */
const SHARED_BUFFERS = '32MB';

/** PGlite's own start parameters plus the portal's settings; for every open of the embedded database. */
export const pgliteStartParams = (): string[] => [
  ...PGlite.defaultStartParams,
  '-c',
  `shared_buffers=${SHARED_BUFFERS}`,
  ...sessionArguments(),
];
