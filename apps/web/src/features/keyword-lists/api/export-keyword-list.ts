import { buildPath, constants, endpoints } from '@keywright/contract';

export const keywordListCsvUrl = (listId: number) => buildPath(endpoints.exportKeywordList.path, { id: listId });

/**
 * SPEC 7: the download goes through an invisible frame, removed after a while;
 * the server names the file `{list name}_{date}.csv`.
 */
export function downloadKeywordListCsv(listId: number): void {
  const frame = document.createElement('iframe');
  frame.hidden = true;
  frame.title = 'Keyword list download';
  frame.src = keywordListCsvUrl(listId);
  document.body.append(frame);
  setTimeout(() => frame.remove(), constants.downloadFrameMs);
}
