import { describe, expect, it } from 'vitest';
import { auditDetails, auditTargetKind, auditTargetName } from './audit-details.ts';

describe('audit entries as the Auditoría tab reads them', () => {
  it.each([
    [
      'a status change with the outcome note',
      'STATUS_CHANGE',
      { from: 'pendiente', to: 'completada', firmNote: 'Todo en orden.', recommendedServiceId: 'arraigo' },
      [
        { field: 'status', value: { kind: 'term', group: 'consultationStatus', term: 'completada' }, previous: { kind: 'term', group: 'consultationStatus', term: 'pendiente' } },
        { field: 'firmNote', value: { kind: 'text', text: 'Todo en orden.' } },
      ],
    ],
    [
      'a first appointment (nothing before)',
      'CONSULTATION_SCHEDULE',
      { from: null, to: '2026-12-01T09:30:00.000Z', meetingMode: 'video' },
      [
        { field: 'scheduledAt', value: { kind: 'instant', at: '2026-12-01T09:30:00.000Z' }, previous: { kind: 'none' } },
        { field: 'meetingMode', value: { kind: 'term', group: 'meetingMode', term: 'video' } },
      ],
    ],
    [
      'the week’s hours before and after',
      'HOURS_UPDATE',
      { from: { weeklyHours: 'L-V 9-14', minimumNoticeHours: 4 }, to: { weeklyHours: 'L-V 9-14, 16-19', minimumNoticeHours: 4 } },
      [
        { field: 'weeklyHours', value: { kind: 'text', text: 'L-V 9-14, 16-19' }, previous: { kind: 'text', text: 'L-V 9-14' } },
        { field: 'minimumNoticeHours', value: { kind: 'number', number: 4 }, previous: { kind: 'number', number: 4 } },
      ],
    ],
    [
      'a deadline with its case, kind and days, ids left out',
      'DEADLINE_CREATE',
      { caseId: 12, kind: 'tie', startDate: '2026-11-02', dueDate: '2026-12-02', id: 'a1b2' },
      [
        { field: 'caseId', value: { kind: 'case', caseId: 12 } },
        { field: 'kind', value: { kind: 'term', group: 'deadlineKind', term: 'tie' } },
        { field: 'startDate', value: { kind: 'day', date: '2026-11-02' } },
        { field: 'dueDate', value: { kind: 'day', date: '2026-12-02' } },
      ],
    ],
    ['a reply, which keeps only an id', 'REPLY', { messageId: '5f0c' }, []],
    ['a chat message removed', 'DELETE', { senderName: 'Ana', senderEmail: 'ana@example.com' }, [
      { field: 'name', value: { kind: 'text', text: 'Ana' } },
      { field: 'email', value: { kind: 'text', text: 'ana@example.com' } },
    ]],
    ['a role change', 'ROLE_CHANGE', { role: 'admin' }, [{ field: 'role', value: { kind: 'term', group: 'role', term: 'admin' } }]],
  ] as const)('%s', (_, action, details, expected) => {
    expect(auditDetails(action, details)).toEqual(expected);
  });

  it.each([
    ['cases', '12', {}, null, 'case', 'EXP-012'],
    ['case_deadlines', 'd1', { caseId: 7 }, null, 'deadline', 'EXP-007'],
    ['consultations', 'c1', { consultationType: 'express' }, 'Jean Dupont', 'consultation', 'Jean Dupont'],
    ['consultations', 'c2', { consultationType: 'express' }, null, 'consultation', null],
    ['news', 'n1', { title: 'Horario de Navidad' }, null, 'news', 'Horario de Navidad'],
    ['agenda_day_overrides', '2026-12-24', { date: '2026-12-24' }, null, 'dayHours', '2026-12-24'],
    ['somewhere_else', 'x', {}, null, 'record', null],
  ])('names a %s row (%s)', (table, id, details, knownName, kind, name) => {
    expect(auditTargetKind(table)).toBe(kind);
    expect(auditTargetName(auditTargetKind(table), id, details, knownName)).toBe(name);
  });
});
