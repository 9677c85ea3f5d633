import { useId, type ReactNode } from 'react';
import type { CaseRequest } from '#common/cases/case-requests.contract.ts';
import type { CaseFamilyMember } from '#common/cases/cases.contract.ts';
import { useTranslation } from '#web/lib/translation.tsx';

/** The family members a case includes besides the client (the family package), with their passports. */
export function CaseFamilyMembers({ members }: { members: CaseFamilyMember[] }) {
  const { t } = useTranslation('family-package');
  const headingId = useId();
  if (members.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h3 id={headingId} className="text-sm font-semibold text-slate-900">
        {t('case.members')}
      </h3>
      <ul className="space-y-1 text-sm text-slate-800">
        {members.map((member) => (
          <li key={member.id}>
            <span className="font-medium">{member.name}</span> · {t(`relationships.${member.relationship}`)} · {t('case.passport', { passport: member.passport })}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * A checklist cut into its groups: the client's own documents, then each member's, each under its
 * heading (one level below the checklist's own: `headingLevel`); a case without members keeps its one list, unheaded.
 */
export function ChecklistGroups({
  requests,
  members,
  renderList,
  headingLevel = 4,
}: {
  requests: CaseRequest[];
  members: CaseFamilyMember[];
  renderList: (requests: CaseRequest[]) => ReactNode;
  headingLevel?: 3 | 4;
}) {
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const { t } = useTranslation('family-package');
  const baseId = useId();
  if (members.length === 0) return renderList(requests);
  const groups = [
    { id: null, title: t('case.ownDocuments') },
    ...members.map((member) => ({ id: member.id, title: t('case.memberDocuments', { name: member.name, relationship: t(`relationships.${member.relationship}`) }) })),
  ];
  return (
    <div className="space-y-4">
      {groups.map((group, index) => {
        const inGroup = requests.filter((request) => request.familyMemberId === group.id);
        if (inGroup.length === 0) return null;
        const headingId = `${baseId}-${index}`;
        return (
          <section key={group.id ?? 'client'} aria-labelledby={headingId} className="space-y-2">
            <Heading id={headingId} className="text-sm font-semibold text-brand-900">
              {group.title}
            </Heading>
            {renderList(inGroup)}
          </section>
        );
      })}
    </div>
  );
}
