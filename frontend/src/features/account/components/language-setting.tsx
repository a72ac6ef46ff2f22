import { Trans } from '@lingui/react/macro';
import { useId } from 'react';

import { LanguagePicker } from '@/components/ui/language-picker';

/** The account's interface language: the header's menu, explained (docs/i18n.md, "Choosing"). */
export const LanguageSetting = () => {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-2">
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        <Trans comment="Heading of the account's interface language setting.">Language</Trans>
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        <Trans>Kept on your account: every device you sign in on shows Arbiter in this language, and so do the server’s messages and printable sheets.</Trans>
      </p>
      <LanguagePicker />
    </section>
  );
};
