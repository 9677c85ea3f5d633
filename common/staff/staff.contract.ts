import { z } from 'zod';
import { newPasswordSchema } from '#common/auth/auth.contract.ts';
import { staffRoles } from '#common/auth/staff-roles.ts';
import { languages } from '#common/i18n/languages.ts';
import { accountPhoneSchema, emailSchema, requiredTextSchema } from '#common/intake/fields.ts';

const staffRoleSchema = z.enum(staffRoles, 'validation:invalid');

/** The owner invites a person by e-mail with a role; the mail goes out in the language chosen. */
export const staffInvitationInputSchema = z.object({ email: emailSchema, role: staffRoleSchema, language: z.enum(languages, 'validation:invalid') });
export type StaffInvitationInput = z.infer<typeof staffInvitationInputSchema>;

export const staffRoleChangeSchema = z.object({ role: staffRoleSchema });
export const staffParamsSchema = z.object({ id: z.string().min(1).max(100) });

/** The work a deactivated person held, by kind, given back to the unassigned queues for the others to take. */
export const releasedWorkKinds = ['cases', 'consultations', 'quotes', 'translationRequests', 'contactRequests', 'chats'] as const;
export const deactivationSchema = z.object({ released: z.record(z.enum(releasedWorkKinds), z.number().int()) });
export type Deactivation = z.infer<typeof deactivationSchema>;
export const invitationTokenParamsSchema = z.object({ token: z.string().min(20).max(200) });

/** A member of the staff as the Equipo tab lists them. */
const staffMemberSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: staffRoleSchema,
  hasTwoFactor: z.boolean(),
  isActive: z.boolean(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

/** An invitation not yet accepted. */
const pendingInvitationSchema = z.object({ id: z.string(), email: z.string(), role: staffRoleSchema, expiresAt: z.string() });

export const staffOverviewSchema = z.object({ members: z.array(staffMemberSchema), invitations: z.array(pendingInvitationSchema) });
export type StaffOverview = z.infer<typeof staffOverviewSchema>;

/** What the invitation link shows before it is accepted. */
export const invitationViewSchema = z.object({ email: z.string(), role: staffRoleSchema });
export type InvitationView = z.infer<typeof invitationViewSchema>;

/** The invited person's name, phone and first password; the address is the invitation's. */
export const invitationAcceptSchema = z.object({ firstName: requiredTextSchema(), lastName: requiredTextSchema(), phone: accountPhoneSchema, password: newPasswordSchema });
export type InvitationAccept = z.infer<typeof invitationAcceptSchema>;
