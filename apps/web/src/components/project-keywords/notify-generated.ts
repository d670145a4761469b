import { messages, type GenerateFilteredKeywordsAnswer } from '@keywright/contract';
import { notifyInfo, notifyNotice, notifySuccess } from '@/lib/notify';

/**
 * The toast after Generate More or the analysis page's generate: how many keywords were added
 * and, when fewer than asked, the server's notice saying why and what gives more.
 */
export function notifyGenerated({ generated, notice }: GenerateFilteredKeywordsAnswer): void {
  const count = generated.length;
  if (notice) notifyNotice(notice, count > 0 ? messages.generatedKeywords(count) : undefined);
  else if (count === 0) notifyInfo(messages.noNewKeywordsGenerated);
  else notifySuccess(messages.generatedKeywords(count));
}
