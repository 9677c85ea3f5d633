import { describe, expect, it } from 'vitest';
import { calendarDateSchema, instantSchema } from './date-fields.ts';

describe('date fields', () => {
  it.each(['2026-11-23', '1900-01-01', '2199-12-31'])('accepts the day %s', (day) => expect(calendarDateSchema.safeParse(day).success).toBe(true));
  it.each(['0000-01-01', '9999-12-31', '1899-12-31', '2026-02-30', 'mañana', ''])('refuses the day %j', (day) =>
    expect(calendarDateSchema.safeParse(day).success).toBe(false),
  );
  it.each(['2026-11-23T10:30:00+01:00', '2099-01-01T00:00:00.000Z'])('accepts the instant %s', (value) =>
    expect(instantSchema.safeParse(value).success).toBe(true),
  );
  it.each(['0000-01-01T10:00:00Z', '9999-12-31T23:59:00Z', 'mañana', '2026-11-23'])('refuses the instant %j without throwing', (value) =>
    expect(instantSchema.safeParse(value).success).toBe(false),
  );
});
