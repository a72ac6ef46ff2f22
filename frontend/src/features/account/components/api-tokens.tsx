import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { ErrorMessage } from '@/components/ui/error-message';
import { FormError } from '@/components/ui/form-error';
import { QueryBoundary } from '@/components/ui/query-boundary';
import { TextField } from '@/components/ui/text-field';
import { useCreateToken, useRevokeToken, useTokens } from '@/features/account/api/tokens';
import { tokenSchema, type TokenInput } from '@/features/account/types/token-schema';
import { useApiForm } from '@/lib/use-api-form';

const formatDate = (iso: string | null) => (iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : 'never');

/** Personal API tokens: create (the secret is shown once), list, revoke. */
export const ApiTokens = () => {
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
        API tokens
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Scripts and bots use a token as <code>Authorization: Bearer …</code>.
      </p>
      <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-3">
        <TextField label="Token name" className="min-w-56 flex-1" error={errors.name?.message} {...form.register('name')} />
        <Button type="submit" disabled={isSubmitting}>
          Create token
        </Button>
      </form>
      <FormError message={formError} />
      {secret && (
        <div role="status" className="flex flex-col gap-1 rounded-md border border-emerald-300 bg-emerald-50 p-3 text-sm dark:border-emerald-800 dark:bg-emerald-950">
          <span>Copy your new token now; it will not be shown again:</span>
          <code className="break-all select-all">{secret}</code>
        </div>
      )}
      <QueryBoundary query={tokens} loadingLabel="Loading tokens…" isEmpty={(list) => list.length === 0} empty="You have no API tokens.">
        {(list) => (
          <ul aria-label="Your API tokens" className="divide-y divide-slate-200 rounded-md border border-slate-200 dark:divide-slate-700 dark:border-slate-700">
            {list.map((token) => (
              <li key={token.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
                <div className="flex min-w-0 flex-col">
                  <span className="font-medium">{token.name}</span>
                  <span className="text-xs text-slate-500 dark:text-slate-400">
                    <code>{token.prefix}…</code> · created {formatDate(token.created_at)} · last used {formatDate(token.last_used_at)}
                  </span>
                </div>
                <Button
                  variant="danger"
                  disabled={revoke.isPending && revoke.variables === token.id}
                  onClick={() => revoke.mutate(token.id)}
                >
                  Revoke
                </Button>
              </li>
            ))}
          </ul>
        )}
      </QueryBoundary>
      {revoke.error && <ErrorMessage error={revoke.error} />}
    </section>
  );
};
