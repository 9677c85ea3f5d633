import { useState } from 'react';
import { Select } from '#web/components/ui/input.tsx';
import { useTranslation } from '#web/lib/translation.tsx';

type Assigned = '' | 'mine' | 'unassigned';

/**
 * A back-office list's filter by who handles its rows: all, the signed-in staff member's, or the
 * unassigned queue. `control` goes beside the table's search, `filters` to AdminTable.
 */
export function useAssignedFilter() {
  const { t } = useTranslation('assignees');
  const [assigned, setAssigned] = useState<Assigned>('');
  const control = (
    <label className="flex items-center gap-2 text-sm text-slate-700">
      {t('filter')}
      <Select value={assigned} onChange={(event) => setAssigned(event.target.value as Assigned)} className="w-auto">
        <option value="">{t('filterAll')}</option>
        <option value="mine">{t('filterMine')}</option>
        <option value="unassigned">{t('filterUnassigned')}</option>
      </Select>
    </label>
  );
  const filters: Record<string, string> = assigned ? { assigned } : {};
  return { control, filters };
}
