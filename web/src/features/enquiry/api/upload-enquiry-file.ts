import type { FileType } from '@portal/domain/enums';
import { enquiryFile } from '@portal/domain/schemas/enquiry';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { enquiryQueryKey } from './get-enquiry';

/** Uploads one file of a draft (multipart: the chosen type first, then the file, which streams). */
export function useUploadEnquiryFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ enquiryId, file, fileType }: { enquiryId: string; file: File; fileType: FileType }) => {
      const form = new FormData();
      form.append('fileType', fileType);
      form.append('file', file, file.name);
      return api.post(`/enquiry/${encodeURIComponent(enquiryId)}/file`, form, enquiryFile);
    },
    onSettled: (_file, _error, { enquiryId }) =>
      queryClient.invalidateQueries({ queryKey: enquiryQueryKey(enquiryId) }),
  });
}
