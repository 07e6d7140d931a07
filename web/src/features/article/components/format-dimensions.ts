import type { ArticleListItem } from '@portal/domain/schemas/article';
import { formatNumber } from '../../../lib/format';

/** SPEC §2 dimensions column: "4,5 × 5,75 × 7,3" (width × height × depth in cm); a missing side is "–". */
export function formatDimensions(item: Pick<ArticleListItem, 'width' | 'height' | 'depth'>): string {
  if (item.width === null && item.height === null && item.depth === null) return '–';
  return [item.width, item.height, item.depth].map((value) => formatNumber(value, 2)).join(' × ');
}
