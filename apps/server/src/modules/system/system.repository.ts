import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

export function createSystemRepository(db: Db) {
  return {
    /** The smallest call the database answers: whether it takes calls at all. */
    async ping(): Promise<void> {
      await db.execute(sql`select 1`);
    },
  };
}
