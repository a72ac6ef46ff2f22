import type { ButtonHTMLAttributes } from 'react';

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: 'primary' | 'secondary' | 'danger' };

const PRIMARY_CLASS = 'bg-emerald-700 text-white hover:bg-emerald-800 dark:bg-emerald-600 dark:hover:bg-emerald-500';
const SECONDARY_CLASS =
  'border border-slate-300 bg-white text-slate-900 hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700';
const DANGER_CLASS = 'bg-red-700 text-white hover:bg-red-800 dark:bg-red-600 dark:hover:bg-red-500';
const VARIANT_CLASSES = { primary: PRIMARY_CLASS, secondary: SECONDARY_CLASS, danger: DANGER_CLASS };

export const Button = ({ variant = 'primary', className = '', type = 'button', ...props }: ButtonProps) => (
  <button
    type={type}
    className={`inline-flex items-center justify-center rounded-md px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 disabled:cursor-not-allowed disabled:opacity-60 ${VARIANT_CLASSES[variant]} ${className}`}
    {...props}
  />
);
