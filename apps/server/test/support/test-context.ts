import { afterAll, beforeAll } from 'vitest';
import { createTestContext, type TestAppOptions, type TestContext } from '../harness';

/**
 * A test file's own database and app: made before its tests (in the first `beforeAll`, so the
 * file's later hooks may use it) and dropped after them. Call it once, at the top of the file.
 */
export function useTestContext(options?: TestAppOptions): TestContext {
  let ctx: TestContext | undefined;
  beforeAll(async () => {
    ctx = await createTestContext(options);
  });
  afterAll(() => ctx?.close());
  const current = () => {
    if (!ctx) throw new Error('The test context is made in beforeAll: use it in a hook or a test.');
    return ctx;
  };
  return {
    get app() {
      return current().app;
    },
    get database() {
      return current().database;
    },
    get env() {
      return current().env;
    },
    close: () => current().close(),
  };
}
