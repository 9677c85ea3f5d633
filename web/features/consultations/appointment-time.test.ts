import { describe, expect, it } from 'vitest';
import { appointmentClock, madridDate } from './appointment-time.ts';

describe('an appointment’s time, in Madrid and in the client’s zone', () => {
  // Wednesday 25 November 2026, 10:30 in Madrid (UTC+1).
  const at = new Date('2026-11-25T09:30:00Z');

  it.each([
    ['a browser in Madrid sees one time', 'Europe/Madrid', null],
    ['a browser in Paris, on the same clock, sees one time', 'Europe/Paris', null],
    ['a browser in London sees its own time beside it', 'Europe/London', { time: '09:30', zone: 'Europe/London' }],
    ['a browser in Bogotá sees its own time beside it', 'America/Bogota', { time: '04:30', zone: 'America/Bogota' }],
  ])('%s', (_case, zone, local) => {
    expect(appointmentClock(at, 'es', zone)).toEqual({ madrid: '10:30', local });
  });

  it('gives the day too when the client’s is another: 18:00 in Madrid is Thursday 06:00 in Auckland', () => {
    expect(appointmentClock(new Date('2026-11-25T17:00:00Z'), 'en', 'Pacific/Auckland')).toEqual({
      madrid: '18:00',
      local: { time: 'Thu 26, 06:00', zone: 'Pacific/Auckland' },
    });
  });

  it('keeps Madrid’s time across the change to summer time', () => {
    expect(appointmentClock(new Date('2027-03-29T08:30:00Z'), 'en', 'America/Bogota')).toEqual({ madrid: '10:30', local: { time: '03:30', zone: 'America/Bogota' } });
  });

  it('names the day on Madrid’s clock, in the client’s language', () => {
    expect(madridDate(new Date('2026-11-25T23:30:00Z'), 'fr', true)).toBe('jeudi 26 novembre 2026');
    expect(madridDate(at, 'es')).toBe('miércoles, 25 de noviembre');
  });
});
