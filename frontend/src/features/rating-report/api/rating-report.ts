import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { ratingReportKeys } from '@/features/rating-report/api/rating-report-keys';
import { api, unwrap } from '@/lib/api-client';
import type { components } from '@/lib/api-types';

export type RatingReport = components['schemas']['RatingReportApiOutput'];
export type EntryFideDataInput = components['schemas']['PatchedEntryFideDataApiInputRequest'];
export type EventFideDataInput = Pick<
  components['schemas']['PatchedTournamentDetailApiInputRequest'],
  'venue' | 'federation' | 'chief_arbiter_name' | 'chief_arbiter_fide_id' | 'deputy_arbiters'
>;

export const getRatingReport = (id: number) =>
  unwrap(api.GET('/api/tournaments/swiss/{tournament_id}/rating-report/', { params: { path: { tournament_id: id } } }));

/** The report on the event's TRF-2026 as it is now (leaders only: anyone else gets a 403). */
export const useRatingReport = (id: number, enabled = true) =>
  useQuery({ queryKey: ratingReportKeys.report(id), queryFn: () => getRatingReport(id), enabled, retry: false });

/** Each save checks again: the report is read anew, and the audit log has a new line. */
const useRecheck = (id: number) => {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ratingReportKeys.report(id) });
    void queryClient.invalidateQueries({ queryKey: ratingReportKeys.audit(id) });
  };
};

export const saveEntryFideData = (id: number, entryId: number, body: EntryFideDataInput) =>
  unwrap(
    api.PATCH('/api/tournaments/swiss/{tournament_id}/entries/{entry_id}/', {
      params: { path: { tournament_id: id, entry_id: entryId } },
      body,
    }),
  );

/** A leader corrects one entry's FIDE data (the fields of its 001 record). */
export const useSaveEntryFideData = (id: number) => {
  const recheck = useRecheck(id);
  return useMutation({
    mutationFn: ({ entryId, body }: { entryId: number; body: EntryFideDataInput }) => saveEntryFideData(id, entryId, body),
    onSuccess: recheck,
  });
};

export const saveEventFideData = (id: number, body: EventFideDataInput) =>
  unwrap(api.PATCH('/api/tournaments/swiss/{tournament_id}/', { params: { path: { tournament_id: id } }, body }));

/** The event's FIDE data (place, federation, arbiters): a finished event takes it too. */
export const useSaveEventFideData = (id: number) => {
  const queryClient = useQueryClient();
  const recheck = useRecheck(id);
  return useMutation({
    mutationFn: (body: EventFideDataInput) => saveEventFideData(id, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ratingReportKeys.eventDetail(id) });
      recheck();
    },
  });
};

/** The export the report is about: the event's TRF-2026, named by the server's Content-Disposition. */
export const trf2026Url = (id: number) => `/api/tournaments/swiss/${id}/export/trf/`;
