import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * ESLint's import/no-cycle sees files: two features can still lean on each other through
 * different files (cases → profile → cases). Drawn from the imports of their non-test files, the
 * server's features must form no loop, so each can be read, built and tested on what is below it.
 */

const featuresDir = path.resolve(import.meta.dirname, '../server/features');
const featureImport = /from '#server\/features\/([a-z-]+)\//g;

type Graph = Map<string, Set<string>>;

function featureGraph(): Graph {
  const graph: Graph = new Map();
  for (const feature of fs.readdirSync(featuresDir)) {
    const uses = new Set<string>();
    const files = fs.readdirSync(path.join(featuresDir, feature), { recursive: true, encoding: 'utf8' });
    for (const file of files.filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))) {
      const source = fs.readFileSync(path.join(featuresDir, feature, file), 'utf8');
      for (const [, used] of source.matchAll(featureImport)) if (used && used !== feature) uses.add(used);
    }
    graph.set(feature, uses);
  }
  return graph;
}

/** The first loop found, as the features it passes through, or undefined. */
function findLoop(graph: Graph): string[] | undefined {
  const done = new Set<string>();
  const visit = (feature: string, trail: string[]): string[] | undefined => {
    if (trail.includes(feature)) return [...trail.slice(trail.indexOf(feature)), feature];
    if (done.has(feature)) return undefined;
    for (const used of graph.get(feature) ?? []) {
      const loop = visit(used, [...trail, feature]);
      if (loop) return loop;
    }
    done.add(feature);
    return undefined;
  };
  for (const feature of graph.keys()) {
    const loop = visit(feature, []);
    if (loop) return loop;
  }
  return undefined;
}

describe('the server features’ graph', () => {
  it('has no loop', () => {
    expect(findLoop(featureGraph())?.join(' → ')).toBeUndefined();
  });

  it('names the loop when there is one (fixture: the one cases → profile made)', () => {
    const graph: Graph = new Map([
      ['agenda', new Set<string>()],
      ['cases', new Set(['profile', 'procedures'])],
      ['deadlines', new Set(['cases'])],
      ['procedures', new Set<string>()],
      ['profile', new Set(['deadlines', 'agenda'])],
    ]);
    expect(findLoop(graph)).toEqual(['cases', 'profile', 'deadlines', 'cases']);
  });
});
