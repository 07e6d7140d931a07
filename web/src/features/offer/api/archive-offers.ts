import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

const archiveResult = z.object({ archived: z.array(z.string()), failed: z.array(z.string()) });

/** "Löschen" in the lists (suppliers): POST /offer/archive; the switch "Archivierte anzeigen" shows them again. */
export function useArchiveOffers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (offerIds: string[]) => api.post('/offer/archive', { offerIds }, archiveResult),
    onSettled: (_result, _error, offerIds) => {
      void queryClient.invalidateQueries({ queryKey: ['offers'] });
      for (const id of offerIds) void queryClient.invalidateQueries({ queryKey: ['offer', id] });
    },
  });
}
