import { describe, expect, it } from 'vitest';
import { calendarInvitation, type CalendarInvitation } from './ics.ts';

const invitation: CalendarInvitation = {
  method: 'REQUEST',
  uid: 'consultation-0b7e@asesoria.example',
  sequence: 3,
  stamp: new Date('2026-11-20T08:15:30.123Z'),
  start: new Date('2026-11-25T09:30:00Z'),
  end: new Date('2026-11-25T10:15:00Z'),
  summary: 'Consulta con Asesoría Elche',
  description: 'Primera línea; con punto y coma, coma y \\ barra\nsegunda línea',
  location: 'Calle Mayor 1, 03202 Elche',
  organizer: { name: 'Asesoría Elche, S.L.', email: 'info@example.com' },
  attendee: { name: 'Ana "Anita" García', email: 'ana@example.com' },
};

/** The content lines with their folds undone, as a calendar reads them. */
const unfolded = (ics: string) => ics.replaceAll('\r\n ', '').split('\r\n');

describe('calendarInvitation', () => {
  it('writes a request with UTC times, the UID, the sequence and CRLF line ends', () => {
    const ics = calendarInvitation(invitation);
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
    const lines = unfolded(ics);
    expect(lines.slice(0, 5)).toEqual(['BEGIN:VCALENDAR', 'VERSION:2.0', expect.stringMatching(/^PRODID:/), 'CALSCALE:GREGORIAN', 'METHOD:REQUEST']);
    expect(lines).toContain('UID:consultation-0b7e@asesoria.example');
    expect(lines).toContain('SEQUENCE:3');
    expect(lines).toContain('DTSTAMP:20261120T081530Z');
    expect(lines).toContain('DTSTART:20261125T093000Z');
    expect(lines).toContain('DTEND:20261125T101500Z');
    expect(lines).toContain('STATUS:CONFIRMED');
    expect(lines).toContain('ORGANIZER;CN="Asesoría Elche, S.L.":mailto:info@example.com');
    expect(lines).toContain(`ATTENDEE;CN="Ana 'Anita' García";ROLE=REQ-PARTICIPANT;RSVP=FALSE:mailto:ana@example.com`);
    expect(lines.at(-2)).toBe('END:VCALENDAR');
  });

  it('escapes backslashes, semicolons, commas and line breaks in text values', () => {
    const lines = unfolded(calendarInvitation(invitation));
    expect(lines).toContain('DESCRIPTION:Primera línea\\; con punto y coma\\, coma y \\\\ barra\\nsegunda línea');
    expect(lines).toContain('LOCATION:Calle Mayor 1\\, 03202 Elche');
  });

  it('folds lines longer than 75 octets without splitting a character', () => {
    const summary = `Consulta programada — ${'ñandú '.repeat(30)}fin`;
    const ics = calendarInvitation({ ...invitation, summary });
    const physical = ics.split('\r\n');
    for (const line of physical) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(physical.filter((line) => line.startsWith(' ')).length).toBeGreaterThan(2);
    expect(physical.join('\n')).not.toContain('\uFFFD');
    expect(unfolded(ics)).toContain(`SUMMARY:${summary}`);
  });

  it('cancels the same event with a higher sequence', () => {
    const lines = unfolded(calendarInvitation({ ...invitation, method: 'CANCEL', sequence: 4 }));
    expect(lines).toContain('METHOD:CANCEL');
    expect(lines).toContain('STATUS:CANCELLED');
    expect(lines).toContain('UID:consultation-0b7e@asesoria.example');
    expect(lines).toContain('SEQUENCE:4');
  });

  it('gives the video call its address', () => {
    const lines = unfolded(calendarInvitation({ ...invitation, location: 'https://meet.example.com/abc', url: 'https://meet.example.com/abc' }));
    expect(lines).toContain('URL:https://meet.example.com/abc');
    expect(lines).toContain('LOCATION:https://meet.example.com/abc');
  });
});
