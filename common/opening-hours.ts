import { intlLocales, type Language } from './i18n/languages.ts';

/**
 * The firm's opening hours, written as schema.org's openingHours writes them (FIRM_HOURS):
 * groups of days and time ranges separated by ';', e.g. 'Mo-Fr 09:00-14:00,16:00-19:00; Sa 10:00-13:00'.
 */
type HoursGroup = { firstDay: number; lastDay: number; ranges: { opens: string; closes: string }[] };

const dayCodes = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'] as const;
const groupPattern = /^(Mo|Tu|We|Th|Fr|Sa|Su)(?:-(Mo|Tu|We|Th|Fr|Sa|Su))? +(\S+)$/;
const rangePattern = /^([01]\d|2[0-3]):([0-5]\d)-([01]\d|2[0-3]):([0-5]\d)$/;

/** The groups of a FIRM_HOURS value, or null when it is not written as above. */
export function parseOpeningHours(text: string): HoursGroup[] | null {
  const groups: HoursGroup[] = [];
  for (const part of text.split(';').map((item) => item.trim())) {
    const match = groupPattern.exec(part);
    if (!match) return null;
    const [, first = '', last = first, times = ''] = match;
    const firstDay = dayCodes.indexOf(first as (typeof dayCodes)[number]);
    const lastDay = dayCodes.indexOf(last as (typeof dayCodes)[number]);
    if (lastDay < firstDay) return null;
    const ranges = times.split(',').map((range) => rangePattern.exec(range));
    if (ranges.some((range) => !range)) return null;
    const parsed = ranges.map((range) => ({ opens: `${range?.[1]}:${range?.[2]}`, closes: `${range?.[3]}:${range?.[4]}` }));
    if (parsed.some(({ opens, closes }) => opens >= closes)) return null;
    groups.push({ firstDay, lastDay, ranges: parsed });
  }
  return groups;
}

/** schema.org's openingHours list: one 'Mo-Fr 09:00-14:00' per time range. */
export function openingHoursForSchemaOrg(groups: HoursGroup[]): string[] {
  return groups.flatMap(({ firstDay, lastDay, ranges }) => {
    const days = firstDay === lastDay ? dayCodes[firstDay] : `${dayCodes[firstDay]}-${dayCodes[lastDay]}`;
    return ranges.map(({ opens, closes }) => `${days} ${opens}-${closes}`);
  });
}

// 1 January 2024 was a Monday; times are built on that day in UTC and shown in UTC, so no clock shifts them.
/** A day of the week by its number (0 Monday … 6 Sunday) in the reader's language: 'lunes', 'Monday'. */
export const weekday = (day: number, language: Language) =>
  new Intl.DateTimeFormat(intlLocales[language], { weekday: 'long', timeZone: 'UTC' }).format(Date.UTC(2024, 0, 1 + day));
const clock = (time: string) => Date.UTC(2024, 0, 1, Number(time.slice(0, 2)), Number(time.slice(3)));

/**
 * The groups in the reader's language: day names from Intl ('lunes', 'Monday'), the last day
 * null for a single day, the time ranges as one list ('9:00–14:00 y 16:00–19:00').
 */
export function describeOpeningHours(groups: HoursGroup[], language: Language) {
  const times = new Intl.DateTimeFormat(intlLocales[language], { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
  const list = new Intl.ListFormat(intlLocales[language], { type: 'conjunction' });
  return groups.map(({ firstDay, lastDay, ranges }) => ({
    from: weekday(firstDay, language),
    to: firstDay === lastDay ? null : weekday(lastDay, language),
    // ICU versions space the range with thin, narrow or plain spaces: the server's (Node) and the
    // browser's must write the same text, or hydration would find the page changed.
    times: list.format(ranges.map(({ opens, closes }) => times.formatRange(clock(opens), clock(closes)))).replace(/[\u00a0\u2009\u202f]/g, ' '),
  }));
}
