import type { FileType } from '@portal/domain/enums';
import { enquiryFile } from '@portal/domain/schemas/enquiry';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { enquiryQueryKey } from './get-enquiry';

/** SPEC §5: the user chooses a file's type among the types its extension allows (drafts only). */
export function useSetEnquiryFileType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { enquiryId: string; fileId: string; fileType: FileType }) =>
      api.post('/enquiry/file/type', body, enquiryFile),
    onSettled: (_file, _error, { enquiryId }) =>
      queryClient.invalidateQueries({ queryKey: enquiryQueryKey(enquiryId) }),
  });
}
