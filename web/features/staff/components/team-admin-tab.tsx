import { useId, useState, type FormEvent } from 'react';
import { staffRoles, type StaffRole } from '#common/auth/staff-roles.ts';
import { languages, type Language } from '#common/i18n/languages.ts';
import { releasedWorkKinds, staffInvitationInputSchema, type Deactivation, type StaffMember } from '#common/staff/staff.contract.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { useSessionUser } from '#web/lib/session.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { useAdminDate } from '#web/lib/use-admin-date.ts';
import { useChangeStaffRole, useDeactivateStaff, useInviteStaff, useRevokeInvitation, useStaffOverview } from '../api/staff.queries.ts';

const fieldClass = 'rounded-md border border-slate-300 px-3 py-2 text-sm';

function InviteForm() {
  const { t } = useTranslation(['staff', 'admin']);
  const invite = useInviteStaff({ failureTitle: t('admin:update.error') });
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('lawyer');
  const [language, setLanguage] = useState<Language>('es');
  const [error, setError] = useState<string | undefined>();
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = staffInvitationInputSchema.safeParse({ email, role, language });
    if (!parsed.success) return setError(t(parsed.error.issues[0]?.message ?? 'validation:invalid'));
    setError(undefined);
    invite.mutate(parsed.data, {
      onSuccess: () => {
        toast({ title: t('team.invited', { email: parsed.data.email }), variant: 'success' });
        setEmail('');
      },
    });
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-3">
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-email`} className="text-sm font-medium text-slate-800">
          {t('team.email')}
        </label>
        <input
          id={`${id}-email`}
          type="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          className={fieldClass}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-role`} className="text-sm font-medium text-slate-800">
          {t('team.role')}
        </label>
        <select id={`${id}-role`} value={role} onChange={(event) => setRole(event.target.value as StaffRole)} className={fieldClass}>
          {staffRoles.map((value) => (
            <option key={value} value={value}>
              {t(`roles.${value}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-language`} className="text-sm font-medium text-slate-800">
          {t('team.language')}
        </label>
        <select id={`${id}-language`} value={language} onChange={(event) => setLanguage(event.target.value as Language)} className={fieldClass}>
          {languages.map((value) => (
            <option key={value} value={value}>
              {t(`team.languages.${value}`)}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" disabled={invite.isPending}>
        {t('team.invite')}
      </Button>
      {error ? (
        <p id={`${id}-error`} role="alert" className="w-full text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </form>
  );
}

function MemberRow({ member, isSelf }: { member: StaffMember; isSelf: boolean }) {
  const { t } = useTranslation(['staff', 'admin']);
  // What the person held now waits in the unassigned queues, for the others to take (their "Hoy" lists it).
  const releasedText = (released: Deactivation['released']) => {
    const parts = releasedWorkKinds.filter((kind) => (released[kind] ?? 0) > 0).map((kind) => t(`team.releasedKinds.${kind}`, { count: released[kind] }));
    return parts.length > 0 ? t('team.released', { list: parts.join(', ') }) : t('team.releasedNone');
  };
  const name = `${member.firstName} ${member.lastName}`.trim();
  const changeRole = useChangeStaffRole(member.id, { failureTitle: t('admin:update.error') });
  const deactivate = useDeactivateStaff({ failureTitle: t('admin:update.error') });
  const canChange = member.isActive && !isSelf;
  return (
    <li className="flex flex-wrap items-center gap-3 border-b border-slate-100 py-3">
      <div className="min-w-48 flex-1">
        <p className="font-medium text-slate-900">
          {name} {isSelf ? t('team.you') : null}
        </p>
        <p className="text-sm text-slate-700">{member.email}</p>
      </div>
      {member.isActive ? null : <Badge tone="grey">{t('team.inactive')}</Badge>}
      {member.isActive && !member.hasTwoFactor ? <Badge tone="yellow">{t('team.noSecondFactor')}</Badge> : null}
      {canChange ? (
        <select
          aria-label={t('team.changeRole', { name })}
          value={member.role}
          disabled={changeRole.isPending}
          onChange={(event) => changeRole.mutate(event.target.value as StaffRole, { onSuccess: () => toast({ title: t('admin:update.success'), variant: 'success' }) })}
          className={fieldClass}
        >
          {staffRoles.map((value) => (
            <option key={value} value={value}>
              {t(`roles.${value}`)}
            </option>
          ))}
        </select>
      ) : (
        <Badge tone="grey">{t(`roles.${member.role}`)}</Badge>
      )}
      {canChange ? (
        <Button
          variant="outline"
          size="sm"
          disabled={deactivate.isPending}
          onClick={() => {
            if (window.confirm(t('team.deactivateConfirm', { name }))) deactivate.mutate(member.id, { onSuccess: ({ released }) => toast({ title: t('team.deactivated', { name }), description: releasedText(released), variant: 'success' }) });
          }}
        >
          {t('team.deactivate')}
        </Button>
      ) : null}
    </li>
  );
}

/** The owner's Equipo tab: invite a person with a role, change a role, deactivate; the server refuses it to every other role. */
export function TeamAdminTab() {
  const { t } = useTranslation(['staff', 'admin']);
  const user = useSessionUser();
  const date = useAdminDate();
  const overview = useStaffOverview({ failureTitle: t('admin:update.error') });
  const revoke = useRevokeInvitation({ failureTitle: t('admin:update.error') });
  return (
    <div className="space-y-8">
      <p className="text-slate-700">{t('team.intro')}</p>
      <InviteForm />
      <section>
        <h3 className="text-lg font-semibold text-brand-900">{t('team.members')}</h3>
        <ul>
          {overview.data?.members.map((member) => (
            <MemberRow key={member.id} member={member} isSelf={member.id === user?.id} />
          ))}
        </ul>
      </section>
      <section>
        <h3 className="text-lg font-semibold text-brand-900">{t('team.invitations')}</h3>
        {overview.data && overview.data.invitations.length === 0 ? <p className="text-sm text-slate-700">{t('team.noInvitations')}</p> : null}
        <ul>
          {overview.data?.invitations.map((invitation) => (
            <li key={invitation.id} className="flex flex-wrap items-center gap-3 border-b border-slate-100 py-3">
              <span className="flex-1 text-slate-900">{invitation.email}</span>
              <Badge tone="grey">{t(`roles.${invitation.role}`)}</Badge>
              <span className="text-sm text-slate-700">{t('team.until', { date: date(invitation.expiresAt) })}</span>
              <Button variant="outline" size="sm" disabled={revoke.isPending} onClick={() => revoke.mutate(invitation.id)}>
                {t('team.revoke')}
              </Button>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
