import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { exportsKeys } from '@/features/exports/api/exports-keys';
import { api, unwrap } from '@/lib/api-client';
import type { components } from '@/lib/api-types';

type Schemas = components['schemas'];

export type ExportSummary = Schemas['ExportListApiOutput'];
export type MissingItem = Schemas['MissingOutput'];
export type UsChessData = Schemas['UsChessData'];
export type UsChessInput = Schemas['UsChessDataInputRequest'];
export type NationalTrfData = Schemas['NationalTrfData'];
export type NationalTrfInput = Schemas['NationalTrfDataInputRequest'];

/** The federations this page has a form for; the list may name others (a newer server). */
export type FederationCode = 'us-chess' | 'national-trf';
export type FederationData = UsChessData | NationalTrfData;
export type FederationInput = UsChessInput | NationalTrfInput;

const path = (id: number) => ({ params: { path: { tournament_id: id } } });

export const getExports = (id: number) => unwrap(api.GET('/api/tournaments/swiss/{tournament_id}/exports/', path(id)));

/** Each federation has paths of its own (a typed schema each), so the code picks the call. */
export const getFederationData = (id: number, code: FederationCode): Promise<FederationData> =>
  code === 'us-chess'
    ? unwrap(api.GET('/api/tournaments/swiss/{tournament_id}/exports/us-chess/', path(id)))
    : unwrap(api.GET('/api/tournaments/swiss/{tournament_id}/exports/national-trf/', path(id)));

/** The body is made from the federation's own fields (types/federations.ts), hence the casts. */
export const setFederationData = (id: number, code: FederationCode, body: FederationInput): Promise<FederationData> =>
  code === 'us-chess'
    ? unwrap(api.PUT('/api/tournaments/swiss/{tournament_id}/exports/us-chess/', { ...path(id), body: body as UsChessInput }))
    : unwrap(api.PUT('/api/tournaments/swiss/{tournament_id}/exports/national-trf/', { ...path(id), body: body as NationalTrfInput }));

/** The event's name for the page's title (anyone may read it). */
export const getEventName = async (id: number): Promise<string> =>
  (await unwrap(api.GET('/api/tournaments/swiss/{tournament_id}/', path(id)))).name;

/** Every export with what the event still misses for it (leaders only: others get a 403). */
export const useExports = (id: number, enabled = true) =>
  useQuery({ queryKey: exportsKeys.list(id), queryFn: () => getExports(id), enabled, retry: false });

export const useFederationData = (id: number, code: FederationCode) =>
  useQuery({ queryKey: exportsKeys.data(id, code), queryFn: () => getFederationData(id, code), retry: false });

export const useEventName = (id: number) => useQuery({ queryKey: exportsKeys.event(id), queryFn: () => getEventName(id), retry: false });

/** A save answers the federation's data as stored, with what is still missing: it goes into the
 * cache as it is, and the list (each federation's status) is read again. */
export const useSetFederationData = (id: number, code: FederationCode) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FederationInput) => setFederationData(id, code, body),
    onSuccess: (data) => {
      queryClient.setQueryData(exportsKeys.data(id, code), data);
      void queryClient.invalidateQueries({ queryKey: exportsKeys.list(id) });
    },
  });
};

/** After a refused download the stored data or the event may have moved on: read both again. */
export const useRefreshExport = (id: number, code: string) => {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: exportsKeys.list(id) });
    void queryClient.invalidateQueries({ queryKey: exportsKeys.data(id, code) });
  };
};
