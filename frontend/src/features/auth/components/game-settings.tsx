import { Trans } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';

import type { User } from '@/lib/auth';
import { authKeys } from '@/lib/auth-keys';
import { api } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';

const saveRedirect = async (redirect: boolean): Promise<User> => {
  const { data, error, response } = await api.PATCH('/api/auth/me/settings/', { body: { redirect_to_game: redirect } });
  if (!response.ok || !data) throw ApiError.from(response.status, error);
  return data;
};

/** Per-user play settings, kept on the server (`PATCH /api/auth/me/settings/`). */
export const GameSettings = ({ user }: { user: User }) => {
  const queryClient = useQueryClient();
  const id = useId();
  const save = useMutation({
    mutationFn: saveRedirect,
    onSuccess: (next) => queryClient.setQueryData(authKeys.me(), next),
  });
  const checked = save.isPending ? Boolean(save.variables) : user.redirect_to_game;
  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-2">
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        <Trans comment="Heading of the account's settings for playing games.">Playing</Trans>
      </h2>
      <label className="flex items-start gap-2">
        <input
          type="checkbox"
          className="mt-1 size-4"
          checked={checked}
          disabled={save.isPending}
          onChange={(event) => save.mutate(event.target.checked)}
        />
        <span>
          <Trans>Take me to my game when a round starts</Trans>
          <span className="block text-sm text-slate-600 dark:text-slate-400">
            <Trans>Off: you hear a sound and the tab title says your game is ready, and you open it yourself.</Trans>
          </span>
        </span>
      </label>
      {save.error ? (
        <p role="alert" className="text-sm text-red-700">
          {save.error.message}
        </p>
      ) : null}
    </section>
  );
};
