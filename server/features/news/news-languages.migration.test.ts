import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { pgliteExtensions } from '#server/db/client.ts';

const migrationsFolder = fileURLToPath(new URL('../../db/migrations', import.meta.url));
const migrationTag = '0015_news_in_languages';

/** The migrations as they stood before this one: the same files, the journal cut just before it. */
function migrationsBefore(tag: string): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
  fs.cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as { entries: Array<{ tag: string }> };
  journal.entries = journal.entries.slice(
    0,
    journal.entries.findIndex((entry) => entry.tag === tag),
  );
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

describe(`migration ${migrationTag}`, () => {
  const before = migrationsBefore(migrationTag);
  afterAll(() => fs.rmSync(before, { recursive: true, force: true }));

  it('turns every article written before into a Spanish one, keeping its id, words and publication time', async () => {
    const client = new PGlite({ extensions: pgliteExtensions });
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: before });
    await client.query(
      `insert into news (id, title, content, created_at) values
        ('00000000-0000-4000-8000-000000000001', 'Nueva ley', 'El **texto**.', '2026-01-10T09:00:00Z'),
        ('00000000-0000-4000-8000-000000000002', 'Cita TIE', 'Huellas.', '2026-02-01T09:00:00Z')`,
    );

    await migrate(db, { migrationsFolder });

    const translations = await client.query('select news_id, language, title, content from news_translations order by news_id');
    expect(translations.rows).toEqual([
      { news_id: '00000000-0000-4000-8000-000000000001', language: 'es', title: 'Nueva ley', content: 'El **texto**.' },
      { news_id: '00000000-0000-4000-8000-000000000002', language: 'es', title: 'Cita TIE', content: 'Huellas.' },
    ]);
    const articles = await client.query<{ created_at: Date; updated_at: Date }>('select created_at, updated_at from news order by id');
    expect(articles.rows.map((row) => [row.created_at.toISOString(), row.updated_at.toISOString()])).toEqual([
      ['2026-01-10T09:00:00.000Z', '2026-01-10T09:00:00.000Z'],
      ['2026-02-01T09:00:00.000Z', '2026-02-01T09:00:00.000Z'],
    ]);
    await client.close();
  });
});
