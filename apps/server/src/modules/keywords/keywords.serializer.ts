import { keywordPageSchema, type KeywordPage, type KeywordPageRow } from '@keywright/contract';

/**
 * A keyword page's answer as JSON. Its rows are checked against the contract and serialized once
 * per rows made: a page the repository kept (keyword-page-caches.ts) answers again with its JSON
 * of last time, which is what makes a repeated page cheap.
 */
export function createKeywordPageJson() {
  const rowsJson = new WeakMap<readonly KeywordPageRow[], string>();
  function dataJson(rows: readonly KeywordPageRow[]): string {
    let json = rowsJson.get(rows);
    if (json === undefined) {
      json = JSON.stringify(keywordPageSchema.shape.data.parse(rows));
      rowsJson.set(rows, json);
    }
    return json;
  }
  return ({ data, pagination, latestRunId }: KeywordPage): string =>
    `{"data":${dataJson(data)},"pagination":${JSON.stringify(pagination)},"latestRunId":${JSON.stringify(latestRunId)}}`;
}
