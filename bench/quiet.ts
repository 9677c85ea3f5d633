import { watchOtherLoad } from './machine.ts';

/** Past this share of one core used by other programs, a measurement is taken again. */
const otherLoadLimitPercent = 3;

export type Quiet<T> = { value: T; otherLoadPercent: number; attempts: number; isNoisy: boolean };

let deadline = Number.POSITIVE_INFINITY;

/** After this moment no measurement is repeated, so that a busy machine cannot stretch the run without end. */
export function stopRepeatingAfter(moment: number): void {
  deadline = moment;
}

export const canRepeat = () => performance.now() <= deadline;

/**
 * Runs a measurement and takes it again while other programs used more than 3 % of a core
 * meanwhile (at most `attempts` times); keeps the quietest attempt and says when none was quiet.
 */
export async function measureQuietly<T>(measure: () => Promise<T>, attempts = 3): Promise<Quiet<T>> {
  let best: Quiet<T> | undefined;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const otherLoad = watchOtherLoad();
    const value = await measure();
    const otherLoadPercent = otherLoad();
    if (!best || otherLoadPercent < best.otherLoadPercent) best = { value, otherLoadPercent, attempts: attempt, isNoisy: false };
    best.attempts = attempt;
    if (otherLoadPercent <= otherLoadLimitPercent || !canRepeat()) break;
  }
  if (!best) throw new Error('no measurement');
  best.isNoisy = best.otherLoadPercent > otherLoadLimitPercent;
  return best;
}
