import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, opendir, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ByteLimit } from './byte-limit';
import { baseName, type FileStorage, type StoredFile, StoredFileNotFoundError } from './storage';

/** Suffix of files still being written; never listed. */
const PARTIAL = '.part-';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Every file below `directory`, depth first, one directory entry at a time (opendir streams the entries,
 * so a folder of a million files is never read whole). What disappears meanwhile is skipped.
 */
async function* walk(
  directory: string,
  relative: string,
): AsyncGenerator<{ absolute: string; path: string }> {
  let entries: import('node:fs').Dir;
  try {
    entries = await opendir(directory);
  } catch (error) {
    if (isMissing(error)) return;
    throw error;
  }
  for await (const entry of entries) {
    const absolute = path.join(directory, entry.name);
    const storagePath = relative ? `${relative}/${entry.name}` : entry.name;
    if (entry.isDirectory()) yield* walk(absolute, storagePath);
    else if (entry.isFile()) yield { absolute, path: storagePath };
  }
}

/** Files on the local disk under `root` (DATA_DIR/files). Writes go to a temporary name first, then rename. */
export function createLocalStorage(root: string): FileStorage {
  const absoluteRoot = path.resolve(root);

  function resolve(storagePath: string): string {
    const target = path.resolve(absoluteRoot, ...storagePath.split('/'));
    if (target !== absoluteRoot && !target.startsWith(absoluteRoot + path.sep)) {
      throw new Error(`Ungültiger Speicherpfad ${storagePath}`);
    }
    return target;
  }

  async function statFile(storagePath: string): Promise<StoredFile | null> {
    try {
      const info = await stat(resolve(storagePath));
      if (!info.isFile()) return null;
      return { path: storagePath, name: baseName(storagePath), size: info.size, lastModified: info.mtime };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  return {
    kind: 'local',

    async save(storagePath, source, options = {}) {
      const target = resolve(storagePath);
      await mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}${PARTIAL}${randomBytes(6).toString('hex')}`;
      const limit = new ByteLimit(options.maxBytes);
      const sink = createWriteStream(temporary);
      try {
        await pipeline(source, limit, sink);
        await rename(temporary, target);
      } catch (error) {
        // A refused upload can fail before the file is even open: the stream opens (creating the file)
        // and closes after the failure. Removed only after that, no partial file is left behind.
        if (!sink.closed) await new Promise<void>((resolve) => sink.once('close', () => resolve()));
        await rm(temporary, { force: true });
        source.resume();
        throw error;
      }
      return { size: limit.bytes };
    },

    async open(storagePath) {
      const target = resolve(storagePath);
      const info = await statFile(storagePath);
      if (!info) throw new StoredFileNotFoundError(storagePath);
      return createReadStream(target) as Readable;
    },

    stat: statFile,

    async list(folder) {
      const directory = resolve(folder.replace(/\/+$/, ''));
      let entries: import('node:fs').Dirent[];
      try {
        entries = await readdir(directory, { withFileTypes: true });
      } catch (error) {
        if (isMissing(error)) return [];
        throw error;
      }
      const prefix = folder.endsWith('/') || folder === '' ? folder : `${folder}/`;
      const files = await Promise.all(
        entries
          .filter((entry) => entry.isFile() && !entry.name.includes(PARTIAL))
          .map((entry) => statFile(`${prefix}${entry.name}`)),
      );
      return files
        .filter((file): file is StoredFile => file !== null)
        .sort((a, b) => a.name.localeCompare(b.name, 'de'));
    },

    async *listAll() {
      for await (const file of walk(absoluteRoot, '')) {
        if (baseName(file.path).includes(PARTIAL)) continue;
        const info = await statFile(file.path);
        if (info) yield info;
      }
    },

    async removeLeftovers(before) {
      const removed = { count: 0, bytes: 0 };
      for await (const file of walk(absoluteRoot, '')) {
        if (!baseName(file.path).includes(PARTIAL)) continue;
        try {
          // A save still writing touches its partial file all the time; one older than `before` lost its writer.
          const info = await stat(file.absolute);
          if (info.mtime >= before) continue;
          await unlink(file.absolute);
          removed.count += 1;
          removed.bytes += info.size;
        } catch (error) {
          if (!isMissing(error)) throw error;
        }
      }
      return removed;
    },

    async remove(storagePath) {
      try {
        await unlink(resolve(storagePath));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },

    async withLocalFile(storagePath, work) {
      const info = await statFile(storagePath);
      if (!info) throw new StoredFileNotFoundError(storagePath);
      return work(resolve(storagePath));
    },
  };
}
