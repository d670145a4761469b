import {
  messages,
  negativeItemKey,
  negativeLimits,
  negativeSkipReasons,
  negativeTextProblem,
  normalizeKeyword,
  paginate,
  tidyKeyword,
  type NegativeItemsAdded,
  type NegativeList,
  type NegativeListDetail,
  type NegativeMatchType,
  type NegativeSkipReason,
} from '@keywright/contract';
import { getReadableProject, type Caller } from '../../access/access';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import { createNegativeListRepository, type NewNegativeItem } from './negative-lists.repository';
import { toNegativeItem, toNegativeList } from './negative-lists.serializer';

/** A term to add; `ad_group` null: a negative of the whole campaign. */
type Term = { text: string; match_type: NegativeMatchType; ad_group: string | null };

/**
 * A project's negative keyword lists: whoever may read the project reads and changes them, and
 * anyone else finds neither the project's lists nor a list by its id (404, as for a missing id).
 */
export function createNegativeListService({ db }: { db: Db }) {
  const repository = createNegativeListRepository(db);

  async function readableList(caller: Caller, id: number) {
    const list = await repository.findReadable(caller, id);
    if (!list) throw notFound();
    return list;
  }

  return {
    async listsOfProject(caller: Caller, projectId: number): Promise<NegativeList[]> {
      await getReadableProject(db, caller, projectId);
      return (await repository.ofProject(projectId)).map(toNegativeList);
    },

    async createList(caller: Caller, projectId: number, name: string): Promise<NegativeList> {
      await getReadableProject(db, caller, projectId);
      const id = await repository.insert({ projectId, name, createdBy: caller.id });
      if (id == null) throw new AppError('conflict', messages.negativeListNameTaken);
      return toNegativeList(await readableList(caller, id));
    },

    async getList(caller: Caller, id: number, query: { page: number; pageSize: number }): Promise<NegativeListDetail> {
      const list = await readableList(caller, id);
      const items = await repository.itemsPage(id, {
        offset: (query.page - 1) * query.pageSize,
        limit: query.pageSize,
      });
      return {
        ...toNegativeList(list),
        items: items.map(toNegativeItem),
        pagination: paginate(query.page, query.pageSize, list.count),
      };
    },

    async renameList(caller: Caller, id: number, name: string): Promise<NegativeList> {
      await readableList(caller, id);
      if (!(await repository.rename(id, name))) throw new AppError('conflict', messages.negativeListNameTaken);
      return toNegativeList(await readableList(caller, id));
    },

    async deleteList(caller: Caller, id: number): Promise<void> {
      await readableList(caller, id);
      await repository.remove(id);
    },

    /**
     * Adds the terms that can be negative keywords and are not in the list yet at their level (nor
     * earlier in `terms`); counts the others by reason and names the first few, in the order given.
     */
    async addItems(caller: Caller, id: number, terms: readonly Term[]): Promise<NegativeItemsAdded> {
      await readableList(caller, id);
      const reasons: Array<NegativeSkipReason | null> = [];
      const candidates: Array<NewNegativeItem & { key: string }> = [];
      const seen = new Set<string>();
      for (const term of terms) {
        const problem = negativeTextProblem(term.text);
        const key = negativeItemKey(term.text, term.match_type, term.ad_group);
        if (problem) reasons.push(problem);
        else if (seen.has(key)) reasons.push('duplicate');
        else {
          seen.add(key);
          reasons.push(null);
          const text = tidyKeyword(term.text);
          candidates.push({
            text,
            normalized: normalizeKeyword(text),
            matchType: term.match_type,
            adGroup: term.ad_group,
            key,
          });
        }
      }
      const added = await repository.addItems(
        id,
        candidates.map(({ key: _key, ...item }) => item),
      );
      if (!added) throw notFound();
      const byReason = Object.fromEntries(negativeSkipReasons.map((reason) => [reason, 0])) as Record<
        NegativeSkipReason,
        number
      >;
      const skippedItems: NegativeItemsAdded['skipped_items'] = [];
      terms.forEach((term, index) => {
        const reason =
          reasons[index] ??
          (added.has(negativeItemKey(term.text, term.match_type, term.ad_group)) ? null : 'duplicate');
        if (!reason) return;
        byReason[reason] += 1;
        if (skippedItems.length < negativeLimits.reportedSkips) {
          skippedItems.push({
            text: tidyKeyword(term.text),
            match_type: term.match_type,
            ad_group: term.ad_group,
            reason,
          });
        }
      });
      const skipped = terms.length - added.size;
      return { added: added.size, skipped, skipped_by_reason: byReason, skipped_items: skippedItems };
    },

    async removeItem(caller: Caller, id: number, itemId: number): Promise<void> {
      await readableList(caller, id);
      if (!(await repository.removeItem(id, itemId))) throw notFound();
    },
  };
}

export type NegativeListService = ReturnType<typeof createNegativeListService>;
