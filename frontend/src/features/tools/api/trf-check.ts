import { queryOptions, useQuery } from '@tanstack/react-query';

import { toolsKeys } from '@/features/tools/api/tools-keys';
import { api, unwrap } from '@/lib/api-client';
import type { components } from '@/lib/api-types';

export type TrfCheckLimits = components['schemas']['TrfCheckApiLimits'];

/** Who may check files on the server (team leaders) and the upload's limits. */
export const getTrfCheckLimits = () => unwrap(api.GET('/api/tools/trf-check/'));

export const trfCheckLimitsQueryOptions = () =>
  queryOptions({ queryKey: toolsKeys.trfCheckLimits(), queryFn: getTrfCheckLimits, staleTime: 5 * 60_000 });

export const useTrfCheckLimits = () => useQuery(trfCheckLimitsQueryOptions());
