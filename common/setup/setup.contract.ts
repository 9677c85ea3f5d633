import { z } from 'zod';

/** What a production site may still lack, each named by the environment variables that fix it. */
export const setupIssueIds = ['firmIdentity', 'mail', 'payments', 'plainHttp', 'proxyHeaders'] as const;
export type SetupIssueId = (typeof setupIssueIds)[number];

export const setupIssueSchema = z.object({
  id: z.enum(setupIssueIds),
  variables: z.array(z.string()),
});
export type SetupIssue = z.infer<typeof setupIssueSchema>;

export const setupCheckSchema = z.object({ issues: z.array(setupIssueSchema) });
export type SetupCheck = z.infer<typeof setupCheckSchema>;
