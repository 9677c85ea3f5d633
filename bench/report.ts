import fs from 'node:fs';
import { round } from './stats.ts';

export type Goal = {
  scenario: string;
  measure: string;
  /** The product over its baseline (×), or a plain value with its unit. */
  value: number;
  unit: '×' | 'ms' | '' | 'MiB';
  comparison: '≥' | '≤' | '<' | '=';
  target: number;
  /** What the two sides measured, for the reader of the line. */
  detail: string;
};

function isMet(goal: Goal): boolean {
  if (Number.isNaN(goal.value)) return false;
  if (goal.comparison === '≥') return goal.value >= goal.target;
  if (goal.comparison === '≤') return goal.value <= goal.target;
  if (goal.comparison === '<') return goal.value < goal.target;
  return goal.value === goal.target;
}

// A plain value (a score, a count, a layout shift such as 0.05) keeps its small decimals.
const shown = (value: number, unit: Goal['unit']) =>
  unit === '×' ? `${round(value, 2).toFixed(2)}×` : unit === '' ? `${round(value, 3)}` : `${round(value, 1)} ${unit}`;

/** One line per goal: the figure beside its goal, and whether it is met. */
export function printGoals(goals: Goal[], write: (line: string) => void): void {
  let scenario = '';
  for (const goal of goals) {
    if (goal.scenario !== scenario) {
      scenario = goal.scenario;
      write(`\n${scenario}`);
    }
    const verdict = isMet(goal) ? 'met' : 'MISSED';
    write(
      `  ${goal.measure.padEnd(34)} ${shown(goal.value, goal.unit).padStart(10)}   goal ${goal.comparison} ${shown(goal.target, goal.unit).padEnd(9)} ${verdict.padEnd(7)} ${goal.detail}`,
    );
  }
}

export function writeReport(file: string, report: unknown): void {
  fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
}
