import { QueryClient } from '@tanstack/react-query';

/** Most failed calls are only logged (spec 7); screens decide what to show. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: 1, staleTime: 30_000, refetchOnWindowFocus: false },
    mutations: { retry: 0 },
  },
});
