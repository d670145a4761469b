import { messages, normalizeKeyword, tidyKeyword, type Keyword } from '@keywright/contract';
import { getChangeableKeyword, getReadableProject, type Caller } from '../../access/access';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { createKeywordRepository } from './keywords.repository';

export function createKeywordService({ db }: { db: Db }) {
  const repository = createKeywordRepository(db);

  return {
    async listProjectKeywords(caller: Caller, projectId: number): Promise<Keyword[]> {
      await getReadableProject(db, caller, projectId);
      return repository.listForProject(projectId);
    },

    async addKeyword(caller: Caller, projectId: number, text: string): Promise<Keyword> {
      await getReadableProject(db, caller, projectId);
      const keyword = tidyKeyword(text);
      const added = await repository.insertIfNew({
        projectId,
        keyword,
        normalized: normalizeKeyword(keyword),
        source: 'manual',
      });
      if (!added) throw new AppError('conflict', messages.keywordExists);
      return added;
    },

    async deleteKeyword(caller: Caller, keywordId: number): Promise<void> {
      const keyword = await getChangeableKeyword(db, caller, keywordId);
      await repository.remove(keyword.id);
    },
  };
}

export type KeywordService = ReturnType<typeof createKeywordService>;
