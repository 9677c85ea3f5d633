import { describe, expect, it } from 'vitest';
import { describeOpeningHours, openingHoursForSchemaOrg, parseOpeningHours } from './opening-hours.ts';

const normaliseSpaces = (text: string) => text.replace(/[\u00a0\u202f\u2009]/g, ' ');

describe('opening hours', () => {
  const hours = parseOpeningHours('Mo-Fr 09:00-14:00,16:00-19:00; Sa 10:00-13:00');

  it('reads schema.org-style groups and writes them back one range at a time', () => {
    expect(hours).not.toBeNull();
    expect(openingHoursForSchemaOrg(hours ?? [])).toEqual(['Mo-Fr 09:00-14:00', 'Mo-Fr 16:00-19:00', 'Sa 10:00-13:00']);
  });

  it.each(['', 'Lunes 9-14', 'Mo-Fr 9:00-14:00', 'Fr-Mo 09:00-14:00', 'Mo 14:00-09:00', 'Mo 09:00-14:00;', 'Mo 09:00-24:00'])(
    'refuses %j',
    (text) => expect(parseOpeningHours(text)).toBeNull(),
  );

  it('names the days and times in each language', () => {
    const described = (language: 'es' | 'en' | 'fr') =>
      describeOpeningHours(hours ?? [], language).map((group) => ({ ...group, times: normaliseSpaces(group.times) }));
    expect(described('es')).toEqual([
      { from: 'lunes', to: 'viernes', times: '9:00–14:00 y 16:00–19:00' },
      { from: 'sábado', to: null, times: '10:00–13:00' },
    ]);
    expect(described('en')).toEqual([
      { from: 'Monday', to: 'Friday', times: '09:00–14:00 and 16:00–19:00' },
      { from: 'Saturday', to: null, times: '10:00–13:00' },
    ]);
    expect(described('fr')).toEqual([
      { from: 'lundi', to: 'vendredi', times: '09:00 – 14:00 et 16:00 – 19:00' },
      { from: 'samedi', to: null, times: '10:00 – 13:00' },
    ]);
  });
});
