import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { multipartForm } from '../../files/testing/multipart-form';
import { SAMPLES } from '../../test/enquiry-world';
import { BOM_SEEDS, CATALOG_SEEDS, FIXTURES, FUZZ_RUNS, fuzzCase, fuzzFile } from '../../test/file-fuzz';
import { createFolderOffer, folderRequest, useFolderWorld } from './testing/folder-world';

/**
 * The project folder's upload never answers 5xx for a broken or foreign file (drawings, NC programs, lists
 * as customers and suppliers send them); afterwards a sound file is still taken.
 */

const world = useFolderWorld();

const NC = {
  name: 'Frontplatte.nc',
  content: Buffer.from('%\nO1000 (Frontplatte)\nG90 G21\nG0 X10 Y10\nM30\n'),
};
const SEEDS = [FIXTURES.pdf, NC, ...BOM_SEEDS, ...CATALOG_SEEDS];

describe('POST /api/offer/businessdata/ with broken files', () => {
  it('answers below 500', async () => {
    const w = world();
    const { folderId } = await createFolderOffer(w);
    const upload = (file: { name: string; content: Buffer }) =>
      folderRequest(w, w.supplierStaff, {
        method: 'POST',
        url: '/api/offer/businessdata/',
        ...multipartForm([
          { name: 'folderId', value: folderId },
          { name: 'file', filename: file.name, content: file.content },
        ]),
      });
    await fc.assert(
      fc.asyncProperty(fuzzFile(SEEDS), async (file) => {
        const response = await upload(file);
        expect(response.statusCode, fuzzCase(file, response)).toBeLessThan(500);
      }),
      FUZZ_RUNS,
    );
    const sound = await upload({ name: 'Schaltplan.pdf', content: SAMPLES.pdf });
    expect(sound.statusCode, sound.body).toBe(201);
  });
});
