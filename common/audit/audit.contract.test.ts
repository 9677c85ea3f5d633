import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { languages } from '#common/i18n/languages.ts';
import { auditActions, auditFields, auditTargetKinds } from './audit.contract.ts';

/*
 * The Auditoría tab never shows a raw action, field or kind of record: each one the log can hold
 * has its words in every language, and every action the server records is one of the list.
 */

const root = path.resolve(import.meta.dirname, '../..');
const admin = (language: string) =>
  JSON.parse(fs.readFileSync(path.join(root, 'common/i18n/locales', language, 'admin.json'), 'utf8')) as {
    audit: Record<string, Record<string, string>>;
  };

function serverSources(dir: string): string[] {
  return fs
    .readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe('audit actions, fields and records', () => {
  it.each(languages)('have a label in %s', (language) => {
    const { audit } = admin(language);
    const missing = [
      ...auditActions.filter((action) => !audit.actions?.[action]).map((action) => `actions.${action}`),
      ...auditFields.filter((field) => !audit.fields?.[field]).map((field) => `fields.${field}`),
      ...auditTargetKinds.filter((kind) => !audit.targets?.[kind] || !audit.targetKinds?.[kind]).map((kind) => `targets.${kind}`),
    ];
    expect(missing).toEqual([]);
  });

  it('list every action the server records', () => {
    const recorded = new Set<string>();
    for (const file of serverSources('server')) {
      const source = fs.readFileSync(file, 'utf8');
      if (!source.includes('recordAudit(')) continue;
      for (const match of source.matchAll(/\baction:\s*(?:[^,}]*\?\s*)?'([A-Z_]+)'(?:\s*:\s*'([A-Z_]+)')?/g)) {
        recorded.add(match[1] as string);
        if (match[2]) recorded.add(match[2]);
      }
    }
    expect(recorded.size).toBeGreaterThan(20);
    expect([...recorded].filter((action) => !(auditActions as readonly string[]).includes(action))).toEqual([]);
  });
});
