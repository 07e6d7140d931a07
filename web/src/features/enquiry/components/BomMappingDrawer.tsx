import type { BomMapping, EnquiryBom } from '@portal/domain/schemas/bom';
import { BomMappingDrawer as Drawer } from '../../bom';
import { useChangeBomHeader } from '../api/change-bom-header';
import { useMapEnquiryBom } from '../api/map-enquiry-bom';

interface EnquiryBomMappingDrawerProps {
  bom: EnquiryBom;
  opened: boolean;
  onClose(): void;
}

/** The side panel "Spalten zuordnen" on an enquiry's BOM (its header and map calls). */
export function BomMappingDrawer({ bom, opened, onClose }: EnquiryBomMappingDrawerProps) {
  const changeHeader = useChangeBomHeader();
  const map = useMapEnquiryBom();
  return (
    <Drawer
      bom={bom}
      opened={opened}
      onClose={onClose}
      actions={{
        applyHeader: (headerRowIndex: number) =>
          changeHeader.mutateAsync({ enquiryId: bom.enquiryId, headerRowIndex }),
        applyingHeader: changeHeader.isPending,
        save: (mapping: BomMapping) => map.mutateAsync({ ...mapping, enquiryId: bom.enquiryId }),
        saving: map.isPending,
      }}
    />
  );
}
