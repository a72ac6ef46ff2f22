import { useId, type Ref, type SelectHTMLAttributes } from 'react';

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & { label: string; ref?: Ref<HTMLSelectElement> };

/** A labelled select; the label names it alone (a wrapping label would add the options' text). */
export const SelectField = ({ label, className = '', children, ...props }: SelectFieldProps) => {
  const id = useId();
  return (
    <div className={`flex max-w-full min-w-0 flex-col gap-1 text-sm ${className}`}>
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <select
        id={id}
        className="max-w-full min-w-0 rounded-md border border-slate-300 bg-white px-2 py-1.5 dark:border-slate-600 dark:bg-slate-900"
        {...props}
      >
        {children}
      </select>
    </div>
  );
};
