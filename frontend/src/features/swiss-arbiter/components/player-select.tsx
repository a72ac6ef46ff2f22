import { useLingui } from '@lingui/react/macro';

import { SelectField } from '@/components/ui/select-field';
import type { Standing } from '@/lib/swiss/types';

type PlayerSelectProps = { label: string; value: string; rows: Standing[]; onChange: (username: string) => void };

/** Picks one of the event's players by name. */
export const PlayerSelect = ({ label, value, rows, onChange }: PlayerSelectProps) => {
  const { t } = useLingui();
  return (
    <SelectField label={label} value={value} onChange={(event) => onChange(event.target.value)}>
      <option value="">{t`Choose…`}</option>
      {rows.map((row) => (
        <option key={row.username} value={row.username}>
          {row.username}
        </option>
      ))}
    </SelectField>
  );
};
