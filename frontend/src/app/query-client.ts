import { QueryClient } from '@tanstack/react-query';

import { ApiError } from '@/lib/api-error';

/** The app's one query cache, shared by the provider and the router's loaders. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // Live pushes keep event pages fresh; a refocus need not refetch everything.
      refetchOnWindowFocus: false,
      // 4xx answers will not change by asking again.
      retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
    },
  },
});
