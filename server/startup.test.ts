import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

/** Starts the real server entry with a bad environment: it must stop at once with one line naming the variable. */
function start(env: Record<string, string>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'startup-'));
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });
  fs.rmSync(dataDir, { recursive: true, force: true });
  return result;
}

describe('start-up with a bad environment', () => {
  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '99999' }, 'PORT'],
    [{ DATABASE_URL: 'not-a-url' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/nothing' }, 'DATABASE_URL'],
  ])('%o stops with exit 1 and one line naming %s, no stack trace', (env, variable) => {
    const result = start(env);
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(variable);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});
