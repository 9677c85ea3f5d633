import type { LoadResult } from './load.ts';
import type { Quiet } from './quiet.ts';
import type { Goal } from './report.ts';
import type { RoundResult } from './round.ts';
import type { MixedLoad, MixedPhase } from './scenarios/mixed.ts';
import { median, round } from './stats.ts';

type Pair<T> = { product: T; baseline: T };

/** The median of the product's figures over the median of the baseline's. */
function ratio<T>(pairs: Array<Pair<T>>, figure: (value: T) => number) {
  const product = median(pairs.map((pair) => figure(pair.product)));
  const baseline = median(pairs.map((pair) => figure(pair.baseline)));
  return { value: product / baseline, product, baseline };
}

const rps = (quiet: Quiet<LoadResult>) => quiet.value.requestsPerSecond;
const p99 = (quiet: Quiet<LoadResult>) => quiet.value.latencyMs.p99;
const fmt = (value: number, digits = 0) => round(value, digits).toLocaleString('en');
const failures = (phase: MixedPhase) => phase.errors + phase.timeouts + Object.values(phase.unexpected).reduce((sum, count) => sum + count, 0);

function readGoals(scenario: string, pairs: Array<Pair<Quiet<LoadResult>>>, minimumRps: number, maximumP99?: number): Goal[] {
  const throughput = ratio(pairs, rps);
  const goals: Goal[] = [
    {
      scenario,
      measure: 'requests per second',
      value: throughput.value,
      unit: '×',
      comparison: '≥',
      target: minimumRps,
      detail: `product ${fmt(throughput.product)}/s, baseline ${fmt(throughput.baseline)}/s`,
    },
  ];
  if (maximumP99 !== undefined) {
    const latency = ratio(pairs, p99);
    goals.push({
      scenario,
      measure: 'p99 latency',
      value: latency.value,
      unit: '×',
      comparison: '≤',
      target: maximumP99,
      detail: `product ${fmt(latency.product, 1)} ms, baseline ${fmt(latency.baseline, 1)} ms`,
    });
  }
  return goals;
}

export function computeGoals(rounds: RoundResult[], mixed: MixedLoad): Goal[] {
  const goals: Goal[] = [
    ...readGoals('1. Public reads, GET /api/news?limit=20 over 50 articles, PGlite (vs bare Fastify + raw PGlite query)', rounds.map((r) => r.news), 0.8, 1.5),
  ];
  const postgres = rounds.flatMap((r) => (r.postgres ? [r.postgres.news] : []));
  if (postgres.length > 0) {
    goals.push(...readGoals('1. Public reads, PostgreSQL (vs bare Fastify + pg pool)', postgres, 0.8, 1.5));
  }
  goals.push(...readGoals('2. Cached home page HTML (vs bare node:http sending the same bytes)', rounds.map((r) => r.page), 0.7));

  for (const kind of ['fresh', 'existing'] as const) {
    const startUp = ratio(rounds.map((r) => r.startUp[kind]), (quiet) => quiet.value);
    goals.push({
      scenario: '3. Start-up to the first 200 of /healthz (vs bare PGlite opening the same directory, select 1)',
      measure: `${kind} DATA_DIR`,
      value: startUp.value,
      unit: '×',
      comparison: '≤',
      target: 1.5,
      detail: `product ${fmt(startUp.product / 1000, 2)} s, baseline ${fmt(startUp.baseline / 1000, 2)} s`,
    });
  }

  const chatScenario = '4. Live chat, 1,000 open streams, 10 messages/s (vs bare node:http SSE broadcaster)';
  const chat = rounds.map((r) => r.chat);
  const chatP50 = ratio(chat, (quiet) => quiet.value.latencyMs.p50);
  const chatP99 = ratio(chat, (quiet) => quiet.value.latencyMs.p99);
  const chatCpu = ratio(chat, (quiet) => quiet.value.cpuPercent);
  const lost = chat.reduce((sum, pair) => sum + pair.product.value.lost, 0);
  const resumedLost = chat.reduce((sum, pair) => sum + pair.resumption.lost, 0);
  goals.push(
    { scenario: chatScenario, measure: 'delivery p99', value: chatP99.value, unit: '×', comparison: '≤', target: 2, detail: `product ${fmt(chatP99.product, 1)} ms, baseline ${fmt(chatP99.baseline, 1)} ms (p50 ${fmt(chatP50.product, 1)} vs ${fmt(chatP50.baseline, 1)} ms)` },
    { scenario: chatScenario, measure: 'server CPU', value: chatCpu.value, unit: '×', comparison: '≤', target: 2, detail: `product ${fmt(chatCpu.product, 1)} %, baseline ${fmt(chatCpu.baseline, 1)} % of a core` },
    { scenario: chatScenario, measure: 'messages lost', value: lost, unit: '', comparison: '=', target: 0, detail: `of ${fmt(chat.reduce((sum, pair) => sum + pair.product.value.sent - pair.product.value.refused, 0))} accepted; refused ${fmt(chat.reduce((sum, pair) => sum + pair.product.value.refused, 0))}` },
    { scenario: chatScenario, measure: 'lost on reconnection (Last-Event-ID)', value: resumedLost, unit: '', comparison: '=', target: 0, detail: `of ${fmt(chat.reduce((sum, pair) => sum + pair.resumption.missed, 0))} posted while ${fmt(chat[0]?.resumption.visitors ?? 0)} streams were away` },
  );

  for (const moment of ['afterStart', 'afterLoad'] as const) {
    const memory = ratio(rounds.map((r) => r.memory[moment]), (value) => value);
    goals.push({
      scenario: '5. Idle memory, RSS (vs bare Fastify + PGlite on the same directory)',
      measure: moment === 'afterStart' ? 'after start' : 'after the news load',
      value: memory.value,
      unit: '×',
      comparison: '≤',
      target: 1.3,
      detail: `product ${fmt(memory.product)} MiB, baseline ${fmt(memory.baseline)} MiB`,
    });
  }

  const mixedScenario = `6. Mixed load (ceiling ${fmt(mixed.ceilingPerSecond)}/s): ${fmt(mixed.sustained.ratePerSecond)}/s sustained, then ${fmt(mixed.overload.ratePerSecond)}/s`;
  const statuses = (phase: MixedPhase) => Object.entries(phase.statuses).map(([code, count]) => `${code}: ${fmt(count)}`).join(', ');
  const otherServerErrors = Object.entries(mixed.overload.statuses).filter(([code]) => code.startsWith('5') && code !== '503').reduce((sum, [, count]) => sum + count, 0);
  goals.push(
    { scenario: mixedScenario, measure: 'sustained: errors', value: failures(mixed.sustained), unit: '', comparison: '=', target: 0, detail: statuses(mixed.sustained) },
    { scenario: mixedScenario, measure: 'sustained: p99 latency', value: mixed.sustained.latencyMs.p99, unit: 'ms', comparison: '≤', target: 50, detail: `p50 ${fmt(mixed.sustained.latencyMs.p50, 1)} ms` },
    { scenario: mixedScenario, measure: 'overload: 5xx other than 503', value: otherServerErrors, unit: '', comparison: '=', target: 0, detail: `${statuses(mixed.overload)}; ${mixed.overload.timeouts} time-outs` },
    { scenario: mixedScenario, measure: 'overload: server still up', value: mixed.overload.isAliveAfter ? 1 : 0, unit: '', comparison: '=', target: 1, detail: '1 = answered /healthz after' },
    {
      scenario: mixedScenario,
      measure: 'overload: memory back to idle',
      value: mixed.overload.recoveredMiB / mixed.idleMiB,
      unit: '×',
      comparison: '≤',
      target: 1.1,
      detail: `${fmt(mixed.overload.recoveredMiB)} MiB after a rest, ${fmt(mixed.idleMiB)} MiB idle before`,
    },
  );
  return goals;
}
