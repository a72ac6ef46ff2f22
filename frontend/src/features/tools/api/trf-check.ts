import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';

import { toolsKeys } from '@/features/tools/api/tools-keys';
import { api, unwrap } from '@/lib/api-client';
import type { components } from '@/lib/api-types';

export type TrfCheckLimits = components['schemas']['TrfCheckApiLimits'];
export type TrfCheckReport = components['schemas']['TrfCheckApiOutput'];

/** Who may check files on the server (team leaders) and the upload's limits. */
export const getTrfCheckLimits = () => unwrap(api.GET('/api/tools/trf-check/'));

export const trfCheckLimitsQueryOptions = () =>
  queryOptions({ queryKey: toolsKeys.trfCheckLimits(), queryFn: getTrfCheckLimits, staleTime: 5 * 60_000 });

export const useTrfCheckLimits = () => useQuery(trfCheckLimitsQueryOptions());

/** Uploads the file (multipart); the answer is the checker's report, or a 400 naming `file`. */
export const checkTrf = (file: File) => {
  const body = new FormData();
  body.append('file', file);
  return unwrap(
    api.POST('/api/tools/trf-check/', {
      // The schema types the upload as a string; the browser sends the FormData as it is.
      body: body as unknown as components['schemas']['TrfCheckApiInputRequest'],
      bodySerializer: (value) => value as unknown as FormData,
    }),
  );
};

export const useCheckTrf = () => useMutation({ mutationFn: checkTrf });
