import { useLingui } from '@lingui/react/macro';
import type { ComponentProps } from 'react';

import type { FieldConfig } from '@/features/exports/types/federations';

type FieldControlProps = ComponentProps<'input'> & ComponentProps<'select'> & { field: FieldConfig };

/** A federation field's control, in the event's form and in a player's row alike: its options in
 * a select, or a line of text (the number pad for a numeric one); `placeholder` goes to the text
 * only, the rest (id or label, aria, registration) to either. */
export const FieldControl = ({ field, placeholder, ...props }: FieldControlProps) => {
  const { t } = useLingui();
  return field.kind === 'select' ? (
    <select {...props}>
      {field.options?.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label ? t(option.label) : option.value || '—'}
        </option>
      ))}
    </select>
  ) : (
    <input type="text" inputMode={field.numeric ? 'numeric' : undefined} autoComplete="off" spellCheck={false} placeholder={placeholder} {...props} />
  );
};
