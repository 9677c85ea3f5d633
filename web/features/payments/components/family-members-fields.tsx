import { Plus, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { familyMembersSchema, familyRelationships, maxFamilyMembers } from '#common/payments/family-package.contract.ts';
import type { CheckoutRequest } from '#common/payments/payments.contract.ts';
import { familyPackageDiscount } from '#common/services/offers.ts';
import type { FamilyMemberRole } from '#common/services/price-terms.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input, Select } from '#web/components/ui/input.tsx';
import { useTranslation } from '#web/lib/translation.tsx';

type Row = { key: number; name: string; relationship: string; passport: string };
type Field = 'name' | 'relationship' | 'passport';
/** Each row's field errors, by row key: a removed row takes its errors with it. */
type RowErrors = Record<number, Partial<Record<Field, string>>>;

/**
 * The relatives on the start page, added and removed freely: those taking the same procedure alongside
 * the client (the family package), or those the case is for (`subjects`: family reunification). `count` prices the case as the rows are added; `members()` answers what to send
 * with the checkout, or null after showing what is wrong (the same contract as the server's).
 */
export function useFamilyMembers(role: Exclude<FamilyMemberRole, 'none'>) {
  const [rows, setRows] = useState<Row[]>([]);
  const [errors, setErrors] = useState<RowErrors>({});
  const nextKey = useRef(0);

  function members(): NonNullable<CheckoutRequest['familyMembers']> | null {
    const parsed = familyMembersSchema.safeParse(rows.map(({ name, relationship, passport }) => ({ name, relationship, passport })));
    if (parsed.success) {
      setErrors({});
      return parsed.data;
    }
    const found: RowErrors = {};
    for (const issue of parsed.error.issues) {
      const [index, field] = issue.path;
      const row = typeof index === 'number' ? rows[index] : undefined;
      if (row && (field === 'name' || field === 'relationship' || field === 'passport')) found[row.key] = { ...found[row.key], [field]: issue.message };
    }
    setErrors(found);
    return null;
  }

  function add() {
    nextKey.current += 1;
    setRows((current) => [...current, { key: nextKey.current, name: '', relationship: '', passport: '' }]);
  }

  const fields = (
    <FamilyMembersFields
      role={role}
      rows={rows}
      errors={errors}
      onAdd={add}
      onChange={(key, changes) => setRows((current) => current.map((row) => (row.key === key ? { ...row, ...changes } : row)))}
      onRemove={(key) => setRows((current) => current.filter((row) => row.key !== key))}
    />
  );
  return { count: rows.length, members, fields };
}

function FamilyMembersFields({
  role,
  rows,
  errors,
  onAdd,
  onChange,
  onRemove,
}: {
  role: Exclude<FamilyMemberRole, 'none'>;
  rows: Row[];
  errors: RowErrors;
  onAdd: () => void;
  onChange: (key: number, changes: Partial<Row>) => void;
  onRemove: (key: number) => void;
}) {
  const { t } = useTranslation('family-package');
  const isFull = rows.length >= maxFamilyMembers;
  return (
    <fieldset className="mt-6 space-y-4 rounded-lg border border-slate-200 p-4">
      <legend className="px-1 font-semibold text-slate-900">{t(role === 'subjects' ? 'subjects.title' : 'start.title')}</legend>
      <p className="text-sm text-slate-700">{role === 'subjects' ? t('subjects.intro') : t('start.intro', { discount: familyPackageDiscount })}</p>
      {rows.map((row, index) => (
        <div key={row.key} role="group" aria-label={t('start.member', { n: index + 1 })} className="space-y-3 rounded-md bg-slate-50 p-3">
          <div className="flex items-center justify-between gap-2">
            <h3 className="text-sm font-semibold text-slate-900">{t('start.member', { n: index + 1 })}</h3>
            <Button variant="ghost" size="sm" onClick={() => onRemove(row.key)} aria-label={t('start.remove', { n: index + 1 })}>
              <Trash2 className="h-4 w-4" aria-hidden />
            </Button>
          </div>
          <div className="grid gap-3 sm:grid-cols-3">
            <FormField label={t('start.name')} error={errors[row.key]?.name} isRequired>
              <Input value={row.name} onChange={(event) => onChange(row.key, { name: event.target.value })} autoComplete="off" />
            </FormField>
            <FormField label={t('start.relationship')} error={errors[row.key]?.relationship} isRequired>
              <Select value={row.relationship} onChange={(event) => onChange(row.key, { relationship: event.target.value })}>
                <option value="">{t('start.choose')}</option>
                {familyRelationships.map((relationship) => (
                  <option key={relationship} value={relationship}>
                    {t(`relationships.${relationship}`)}
                  </option>
                ))}
              </Select>
            </FormField>
            <FormField label={t('start.passport')} error={errors[row.key]?.passport} isRequired>
              <Input value={row.passport} onChange={(event) => onChange(row.key, { passport: event.target.value })} autoComplete="off" />
            </FormField>
          </div>
        </div>
      ))}
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="outline" size="sm" onClick={onAdd} disabled={isFull}>
          <Plus className="h-4 w-4" aria-hidden />
          {t('start.add')}
        </Button>
        {isFull ? <p className="text-sm text-slate-700">{t('start.max', { max: maxFamilyMembers })}</p> : null}
      </div>
    </fieldset>
  );
}
