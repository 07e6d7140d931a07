import { WrongFormatError } from '../sheets/sheet-source';
import type { CatalogChunk } from './catalog-chunk';

/**
 * Placeholder of the DATANORM 4/5 reader (server/src/files/catalogs/datanorm.ts of the DATANORM work):
 * until it is in, a DATANORM file is refused as a format the portal cannot read yet.
 */
export async function* readDatanorm(
  _path: string,
  _options: { chunkRecords?: number } = {},
): AsyncGenerator<CatalogChunk> {
  yield* [];
  throw new WrongFormatError('DATANORM-Dateien können noch nicht gelesen werden.');
}
