import { adminCreate } from './admin-create.ts';
import { invoicesVerify } from './invoices-verify.ts';
import type { OperatorContext } from './context.ts';
import { seedDemo } from './seed-demo.ts';
import { seedFirm } from './seed-firm.ts';

/** The operator commands that read or change the database, by their npm script names; each answers one message. */
export const operations = {
  'admin:create': adminCreate,
  'db:migrate': async (context: OperatorContext) => {
    await context.database.migrate();
    return 'Database is up to date.';
  },
  'seed:demo': seedDemo,
  'seed:firm': seedFirm,
  'invoices:verify': invoicesVerify,
} satisfies Record<string, (context: OperatorContext, input: unknown) => Promise<string>>;

export type OperationName = keyof typeof operations;

export function isOperationName(name: string): name is OperationName {
  return Object.hasOwn(operations, name);
}
