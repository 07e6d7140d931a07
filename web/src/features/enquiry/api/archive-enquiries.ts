import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

const archiveResult = z.object({ archived: z.array(z.string()), failed: z.array(z.string()) });

/** SPEC §4 archive, shown as "Löschen": the enquiries leave the list (the switch shows them again). */
export function useArchiveEnquiries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enquiryIds: string[]) => api.post('/enquiry/archive', { enquiryIds }, archiveResult),
    onSettled: (_result, _error, enquiryIds) => {
      void queryClient.invalidateQueries({ queryKey: ['enquiries'] });
      for (const id of enquiryIds) void queryClient.invalidateQueries({ queryKey: ['enquiry', id] });
    },
  });
}
