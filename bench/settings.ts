/** How long and how many: the full run (about 12 minutes) or `--quick`'s one short round of each. */
export type Settings = {
  isQuick: boolean;
  /** `--firm`: only the back office on a firm's five years (scenarios/firm.ts), which the full run ends with. */
  isFirmOnly: boolean;
  rounds: number;
  warmUpSeconds: number;
  loadSeconds: number;
  /** Settling time before an idle memory reading. */
  settleSeconds: number;
  chatStreams: number;
  chatMessagesPerSecond: number;
  chatSeconds: number;
  mixedCeilingSeconds: number;
  mixedSustainedSeconds: number;
  mixedOverloadSeconds: number;
  /** How long the memory has to come back to its idle level after the overload. */
  mixedRecoverySeconds: number;
};

export function settingsFrom(argv: string[]): Settings {
  const isQuick = argv.includes('--quick');
  const isFirmOnly = argv.includes('--firm');
  return isQuick
    ? {
        isQuick,
        isFirmOnly,
        rounds: 1,
        warmUpSeconds: 1,
        loadSeconds: 3,
        settleSeconds: 2,
        chatStreams: 1000,
        chatMessagesPerSecond: 10,
        chatSeconds: 3,
        mixedCeilingSeconds: 3,
        mixedSustainedSeconds: 5,
        mixedOverloadSeconds: 3,
        mixedRecoverySeconds: 5,
      }
    : {
        isQuick,
        isFirmOnly,
        rounds: 3,
        warmUpSeconds: 2,
        loadSeconds: 8,
        settleSeconds: 3,
        chatStreams: 1000,
        chatMessagesPerSecond: 10,
        chatSeconds: 15,
        mixedCeilingSeconds: 10,
        mixedSustainedSeconds: 60,
        mixedOverloadSeconds: 20,
        mixedRecoverySeconds: 20,
      };
}
