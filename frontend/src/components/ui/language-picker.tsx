import { useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';

import { isLocale, LOCALES, type Locale } from '@/lib/i18n/locales';
import { useLocaleChoice } from '@/lib/i18n/use-locale-choice';

/**
 * The header's language menu, for everyone: each language is named in itself (a reader of
 * Arabic finds "العربية" whatever the page's language), and the globe marks the menu for
 * someone who cannot read the current one. A native select: the phone's own picker, and it
 * follows the page's direction (its arrow is on the left in Arabic).
 */
export const LanguagePicker = ({ className = '' }: { className?: string }) => {
  const { t } = useLingui();
  const id = useId();
  const { locale, choose } = useLocaleChoice();
  // The choice shows at once; the language follows when its texts have arrived (else it reverts).
  const [pending, setPending] = useState<Locale | null>(null);
  const onChange = (code: string) => {
    if (!isLocale(code) || code === locale) return;
    setPending(code);
    void choose(code)
      .catch(() => undefined)
      .finally(() => setPending(null));
  };
  return (
    <div className={`flex shrink-0 items-center gap-1 ${className}`}>
      <label htmlFor={id} className="text-slate-500 dark:text-slate-400">
        <GlobeIcon />
        <span className="sr-only">{t`Language`}</span>
      </label>
      <select
        id={id}
        value={pending ?? locale}
        onChange={(event) => onChange(event.target.value)}
        className="max-w-28 rounded-md border border-slate-300 bg-white py-1 ps-1.5 pe-1 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-emerald-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
      >
        {LOCALES.map((language) => (
          <option key={language.code} value={language.code} lang={language.code} dir={language.dir}>
            {language.name}
          </option>
        ))}
      </select>
    </div>
  );
};

const GlobeIcon = () => (
  <svg aria-hidden="true" viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
    <circle cx="12" cy="12" r="10" />
    <path d="M2 12h20" />
    <path d="M12 2a15.3 15.3 0 0 1 4 10 15.3 15.3 0 0 1-4 10 15.3 15.3 0 0 1-4-10 15.3 15.3 0 0 1 4-10z" />
  </svg>
);
