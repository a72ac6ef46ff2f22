import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { ErrorMessage } from '@/components/ui/error-message';
import { FormError } from '@/components/ui/form-error';
import { QueryBoundary } from '@/components/ui/query-boundary';
import { TextField } from '@/components/ui/text-field';
import { useCreateToken, useRevokeToken, useTokens } from '@/features/account/api/tokens';
import { tokenSchema, type TokenInput } from '@/features/account/types/token-schema';
import { dateTimeText } from '@/lib/i18n/format';
import { useApiForm } from '@/lib/use-api-form';

// An HTTP header, written as scripts send it (not translated).
const AUTH_HEADER = 'Authorization: Bearer …';

/** Personal API tokens: create (the secret is shown once), list, revoke. */
export const ApiTokens = () => {
  const { t } = useLingui();
  const tokens = useTokens();
  const create = useCreateToken();
  const revoke = useRevokeToken();
  const [secret, setSecret] = useState<string | null>(null);
  const { form, formError, submit } = useApiForm<TokenInput>({
    schema: tokenSchema,
    defaultValues: { name: '' },
    fields: ['name'],
    send: async ({ name }) => {
      const created = await create.mutateAsync(name);
      setSecret(created.token);
      form.reset();
    },
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <section aria-labelledby="api-tokens" className="flex flex-col gap-4">
      <h2 id="api-tokens" className="text-lg font-semibold">
        <Trans>API tokens</Trans>
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        <Trans>
          Scripts and bots use a token as <code>{AUTH_HEADER}</code>.
        </Trans>
      </p>
      <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-3">
        <TextField label={t`Token name`} className="min-w-56 flex-1" error={errors.name?.message} {...form.register('name')} />
        <Button type="submit" disabled={isSubmitting}>
          <Trans>Create token</Trans>
        </Button>
      </form>
      <FormError message={formError} />
      {secret && (
        <div role="status" className="flex flex-col gap-1 rounded-md border border-emerald-300 bg-emerald-50 p-3 text-sm dark:border-emerald-800 dark:bg-emerald-950">
          <span>
            <Trans>Copy your new token now; it will not be shown again:</Trans>
          </span>
          <code className="break-all select-all">{secret}</code>
        </div>
      )}
      <QueryBoundary
        query={tokens}
        loadingLabel={t`Loading tokens…`}
        isEmpty={(list) => list.length === 0}
        empty={t`You have no API tokens.`}
      >
        {(list) => (
          <ul aria-label={t`Your API tokens`} className="divide-y divide-slate-200 rounded-md border border-slate-200 dark:divide-slate-700 dark:border-slate-700">
            {list.map((token) => {
              const prefix = token.prefix;
              const created = dateTimeText(token.created_at);
              const lastUsed = token.last_used_at
                ? dateTimeText(token.last_used_at)
                : t({ message: 'never', comment: 'Fills "last used {lastUsed}" for an API token not used yet.' });
              return (
                <li key={token.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
                  <div className="flex min-w-0 flex-col">
                    <span className="font-medium">{token.name}</span>
                    <span className="text-xs text-slate-500 dark:text-slate-400">
                      <Trans comment="An API token: the start of its secret, when it was created and last used.">
                        <code>{prefix}…</code> · created {created} · last used {lastUsed}
                      </Trans>
                    </span>
                  </div>
                  <Button
                    variant="danger"
                    disabled={revoke.isPending && revoke.variables === token.id}
                    onClick={() => revoke.mutate(token.id)}
                  >
                    <Trans>Revoke</Trans>
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </QueryBoundary>
      {revoke.error && <ErrorMessage error={revoke.error} />}
    </section>
  );
};
