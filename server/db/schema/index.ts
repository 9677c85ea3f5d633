// One file per feature (`<feature>.ts`, named as in server/features/) or platform part (auth's
// accounts and sessions, mail, audit, rate limits, worker); everything is re-exported here for
// drizzle-kit and the migrations. A repository imports its own feature's file, never this one.
export * from './agenda.ts';
export * from './aml.ts';
export * from './audit.ts';
export * from './auth.ts';
export * from './cases.ts';
export * from './chat.ts';
export * from './consultations.slot-holds.ts';
export * from './consultations.ts';
export * from './contact.ts';
export * from './deadlines.ts';
export * from './engagements.ts';
export * from './filing-packs.ts';
export * from './invoices.ts';
export * from './mail.ts';
export * from './news.ts';
export * from './notes.ts';
export * from './notifications.ts';
export * from './official-appointments.ts';
export * from './pages.ts';
export * from './payments.ts';
export * from './procedures.ts';
export * from './questionnaires.ts';
export * from './quotes.ts';
export * from './rate-limits.ts';
export * from './sections.ts';
export * from './services.ts';
export * from './staff.ts';
export * from './translations.ts';
export * from './worker.ts';
