import { useMutation, useQueryClient } from '@tanstack/react-query';

import { teamSwissKeys } from '@/lib/team-swiss/team-swiss-keys';
import { api, unwrap } from '@/lib/api-client';
import type { components } from '@/lib/api-types';

/** A team TRF, multipart; the answer is the new event, or a 400 naming `file`. */
export const importTrf = (team: string, file: File) => {
  const body = new FormData();
  body.append('team', team);
  body.append('file', file);
  return unwrap(
    api.POST('/api/team-swiss/import/', {
      // The schema types the upload as a string; the browser sends the FormData as it is.
      body: body as unknown as components['schemas']['TeamSwissTrfImportApiInputRequest'],
      bodySerializer: (value) => value as unknown as FormData,
    }),
  );
};

/** The answer is the event's summary (no teams nor round): the event page reads the rest. */
export const useImportTrf = (team: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => importTrf(team, file),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: teamSwissKeys.lists() }),
  });
};
