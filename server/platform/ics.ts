/** A person named in the invitation: the firm as organizer, the client as attendee. */
type CalendarPerson = { name: string; email: string };

/**
 * One appointment as an iCalendar (RFC 5545) VEVENT, sent by iTIP (RFC 5546) as a request or a
 * cancellation, or published as a file the client downloads to add to their calendar.
 */
export type CalendarInvitation = {
  method: 'REQUEST' | 'CANCEL' | 'PUBLISH';
  /** The same for every version of one appointment, so that calendars update it instead of adding another. */
  uid: string;
  /** Grows with every change of the appointment: a calendar keeps the highest one it has seen. */
  sequence: number;
  /** When this version was written. */
  stamp: Date;
  start: Date;
  end: Date;
  summary: string;
  description: string;
  location: string;
  /** The video call's address, when there is one. */
  url?: string;
  organizer: CalendarPerson;
  attendee: CalendarPerson;
};

const productId = '-//Asesoria Elche//Citas//ES';
const maxLineOctets = 75;

/** A UTC instant in the form DTSTART and DTSTAMP take: 20261125T093000Z. */
function utc(value: Date): string {
  return value.toISOString().replace(/\.\d{3}Z$/, 'Z').replaceAll('-', '').replaceAll(':', '');
}

/** A TEXT value (RFC 5545 §3.3.11): backslash, semicolon, comma and line breaks escaped. */
function escapeText(value: string): string {
  return value.replaceAll('\\', '\\\\').replaceAll(';', '\\;').replaceAll(',', '\\,').replace(/\r\n|\r|\n/g, '\\n');
}

/** A parameter value (CN=…): quoted, since names hold commas and colons; a double quote cannot appear in it. */
function parameterValue(value: string): string {
  return `"${value.replaceAll('"', "'").replace(/[\r\n]+/g, ' ')}"`;
}

/**
 * Folds a content line into lines of at most 75 octets (RFC 5545 §3.1): each continuation starts
 * with one space, and no UTF-8 character is split between two lines.
 */
function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const character of line) {
    const size = Buffer.byteLength(character, 'utf8');
    // The first line may hold 75 octets; a continuation line 74 after its leading space.
    const limit = parts.length === 0 ? maxLineOctets : maxLineOctets - 1;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += character;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** The .ics file of an invitation: CRLF line ends, folded lines, times in UTC. */
export function calendarInvitation(invitation: CalendarInvitation): string {
  const isCancel = invitation.method === 'CANCEL';
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${productId}`,
    'CALSCALE:GREGORIAN',
    `METHOD:${invitation.method}`,
    'BEGIN:VEVENT',
    `UID:${invitation.uid}`,
    `SEQUENCE:${invitation.sequence}`,
    `DTSTAMP:${utc(invitation.stamp)}`,
    `DTSTART:${utc(invitation.start)}`,
    `DTEND:${utc(invitation.end)}`,
    `SUMMARY:${escapeText(invitation.summary)}`,
    `DESCRIPTION:${escapeText(invitation.description)}`,
    `LOCATION:${escapeText(invitation.location)}`,
    ...(invitation.url ? [`URL:${invitation.url}`] : []),
    `ORGANIZER;CN=${parameterValue(invitation.organizer.name)}:mailto:${invitation.organizer.email}`,
    `ATTENDEE;CN=${parameterValue(invitation.attendee.name)};ROLE=REQ-PARTICIPANT;RSVP=FALSE:mailto:${invitation.attendee.email}`,
    `STATUS:${isCancel ? 'CANCELLED' : 'CONFIRMED'}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
