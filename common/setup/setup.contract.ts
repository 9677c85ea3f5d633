import { z } from 'zod';

/** What a production site may still lack, each named by the environment variables that fix it. */
const setupIssueSchema = z.object({
  id: z.enum(['firmIdentity', 'mail', 'payments', 'paymentsOff', 'fileScanning', 'billingRecordsKept', 'billingRecordsTest', 'plainHttp', 'proxyHeaders']),
  variables: z.array(z.string()),
});
export type SetupIssue = z.infer<typeof setupIssueSchema>;

export const setupCheckSchema = z.object({ issues: z.array(setupIssueSchema) });
export type SetupCheck = z.infer<typeof setupCheckSchema>;
