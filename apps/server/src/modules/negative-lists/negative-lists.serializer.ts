import type { NegativeList, NegativeListItem, NegativeMatchType } from '@keywright/contract';

export interface NegativeListRow {
  id: number;
  projectId: number;
  name: string;
  count: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface NegativeItemRow {
  id: number;
  text: string;
  matchType: NegativeMatchType;
  adGroup: string | null;
  createdAt: Date;
}

/** A list as the API writes it. */
export function toNegativeList(row: NegativeListRow): NegativeList {
  return {
    id: row.id,
    project_id: row.projectId,
    name: row.name,
    count: Number(row.count),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** A term as the API writes it. */
export function toNegativeItem(row: NegativeItemRow): NegativeListItem {
  return {
    id: row.id,
    text: row.text,
    match_type: row.matchType,
    ad_group: row.adGroup,
    created_at: row.createdAt.toISOString(),
  };
}
