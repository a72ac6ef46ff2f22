import { useMutation } from '@tanstack/react-query';

import { api, unwrap } from '@/lib/api-client';
import type { components } from '@/lib/api-types';

// Apart from trf-check.ts, which the header's link loads on every page: the upload is the
// checker page's own.

export type TrfCheckReport = components['schemas']['TrfCheckApiOutput'];

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
