import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { assertStorageKey, isStorageKey, StorageNotFoundError, type Storage } from './storage.ts';

/** Files on the local disk under `<dataDir>/uploads`, written to a temporary name and renamed when complete. */
export function createLocalStorage(dataDir: string): Storage {
  const root = path.join(dataDir, 'uploads');
  const fileFor = (key: string) => {
    assertStorageKey(key);
    return path.join(root, ...key.split('/'));
  };

  return {
    kind: 'local',
    put: async (key, body) => {
      const file = fileFor(key);
      await fsp.mkdir(path.dirname(file), { recursive: true });
      const partial = `${file}.${randomBytes(4).toString('hex')}.part`;
      const handle = await fsp.open(partial, 'wx', 0o600);
      const output = handle.createWriteStream();
      try {
        await pipeline(body, output);
        await fsp.rename(partial, file);
      } catch (error) {
        if (!output.closed) await once(output, 'close').catch(() => {});
        await fsp.rm(partial, { force: true });
        throw error;
      }
    },
    read: async (key) => {
      const file = fileFor(key);
      try {
        const handle = await fsp.open(file, 'r');
        return handle.createReadStream();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new StorageNotFoundError(key);
        throw error;
      }
    },
    remove: async (key) => {
      await fsp.rm(fileFor(key), { force: true });
    },
    list: async function* () {
      for (const file of await filesUnder(root)) {
        const key = path.relative(root, file).split(path.sep).join('/');
        // Partial files (`<key>.<random>.part`) are not keys: they are still being written.
        if (!isStorageKey(key)) continue;
        const stat = await fsp.stat(file).catch(() => undefined);
        if (stat) yield { key, size: stat.size, modifiedAt: stat.mtime };
      }
    },
    removeAbandoned: async (before) => {
      let removed = 0;
      for (const file of await filesUnder(root)) {
        if (!file.endsWith('.part')) continue;
        const stat = await fsp.stat(file).catch(() => undefined);
        if (!stat || stat.mtime >= before) continue;
        await fsp.rm(file, { force: true });
        removed += 1;
      }
      return removed;
    },
  };
}

async function filesUnder(root: string): Promise<string[]> {
  const entries = await fsp.readdir(root, { recursive: true, withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}
