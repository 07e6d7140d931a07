import { type AdminBom, adminBom, adminBomListResponse } from '@portal/domain/schemas/admin-bom';
import type { BomMapping } from '@portal/domain/schemas/bom';
import { bomLinesPage, bomSummedResponse, unknownBomManufacturers } from '@portal/domain/schemas/bom-lines';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';
import type { BomLinesSource } from '../../bom';

/**
 * SPEC §7 /admin/bom: the calls of the operator's BOM import (/api/admin/bom/*, contract in
 * domain/schemas/admin-bom.ts). Every change refreshes the history and the result it touched.
 */

export const adminBomQueryKeys = {
  all: ['admin-bom'] as const,
  list: (query: { page: number; paginationSize: number }) => ['admin-bom', 'list', query] as const,
  one: (id: string) => ['admin-bom', 'one', id] as const,
};

export function useAdminBomList(query: { page: number; paginationSize: number }) {
  return useQuery({
    queryKey: adminBomQueryKeys.list(query),
    queryFn: ({ signal }) => api.get('/admin/bom/all/simple', adminBomListResponse, { ...query }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAdminBom(id: string | null) {
  return useQuery({
    queryKey: adminBomQueryKeys.one(id ?? ''),
    queryFn: ({ signal }) => api.get('/admin/bom/', adminBom, { id }, signal),
    enabled: !!id,
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return (bom?: AdminBom) => {
    if (bom) queryClient.setQueryData(adminBomQueryKeys.one(bom.id), bom);
    return queryClient.invalidateQueries({ queryKey: adminBomQueryKeys.all });
  };
}

/** Multipart: the file (the header row is proposed by the server). */
export function useUploadAdminBom() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return api.post('/admin/bom/upload', form, adminBom);
    },
    onSuccess: (bom) => refresh(bom),
  });
}

export function useAdminBomHeader() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: { id: string; headerRowIndex: number }) =>
      api.post('/admin/bom/header', body, adminBom),
    onSuccess: (bom) => refresh(bom),
  });
}

export function useMapAdminBom() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: BomMapping & { id: string }) => api.post('/admin/bom/map', body, adminBom),
    onSuccess: (bom) => refresh(bom),
  });
}

export function useDeleteAdminBoms() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (ids: string[]) =>
      apiRequest('GET', '/admin/bom/delete', { query: { adminBOMResultIds: ids } }),
    onSuccess: () => refresh(),
  });
}

/** The lines table's source for a result (web/src/features/bom; its key is under the result's keys). */
export const adminBomLinesSource = (id: string): BomLinesSource => ({
  queryKey: ['admin-bom', 'lines', id],
  fetchPage: (query, signal) => api.get('/admin/bom/lines', bomLinesPage, { ...query, id }, signal),
  fetchSummed: (signal) => api.get('/admin/bom/summed', bomSummedResponse, { id }, signal),
  fetchUnknownManufacturers: (signal) =>
    api.get('/admin/bom/manufacturer-names', unknownBomManufacturers, { id }, signal),
});

export const downloadAdminBomFile = (bom: AdminBom) =>
  downloadFile(`/admin/bom/file?id=${encodeURIComponent(bom.id)}`, bom.bomFileName);

export const downloadAdminBomExport = (bom: AdminBom) =>
  downloadFile(
    `/admin/bom/export?id=${encodeURIComponent(bom.id)}`,
    `Abgleich ${bom.bomFileName.replace(/\.[^.]+$/, '')}.xlsx`,
  );
