import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The floors of docs/architecture.md are held by lint rules (eslint.config.js): each import that crosses a floor
// the wrong way is an error, and the way the code does it is not.

const eslint = new ESLint({ cwd: new URL('..', import.meta.url).pathname });

async function importErrors(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport const used = [probe];\n`, { filePath });
  return result!.messages
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

describe('import boundaries', () => {
  it.each([
    [
      'a module reaching into another module’s repository',
      'apps/server/src/modules/ad-copy/probe.ts',
      '../metrics/metrics.repository',
    ],
    [
      'a module reaching into another module’s internals',
      'apps/server/src/modules/clusters/probe.ts',
      '../keyword-lists/keyword-list-rows',
    ],
    ['lib/ importing the auth floor', 'apps/server/src/lib/probe.ts', '../auth/signed-in-user'],
    ['lib/ importing the database', 'apps/server/src/lib/probe.ts', '../db/client'],
    ['queries/ importing a module', 'apps/server/src/queries/probe.ts', '../modules/keywords/keywords.repository'],
    [
      'a feature importing another feature',
      'apps/web/src/features/analysis/probe.ts',
      '@/features/keywords/keywords-address',
    ],
    [
      'a shared component importing a feature',
      'apps/web/src/components/probe.ts',
      '@/features/projects/components/projects-screen',
    ],
    ['the web lib importing a component', 'apps/web/src/lib/probe.ts', '@/components/page-header'],
  ])('fails on %s', async (_, filePath, from) => {
    expect(await importErrors(filePath, `import { probe } from '${from}';`)).toHaveLength(1);
  });

  it.each([
    [
      'a module using another module’s service',
      'apps/server/src/modules/campaign-export/probe.ts',
      '../clusters/clusters.service',
    ],
    ['a module using its own repository', 'apps/server/src/modules/metrics/probe.ts', './metrics.repository'],
    ['a module using the shared queries', 'apps/server/src/modules/analysis/probe.ts', '../../queries/figures'],
    ['a feature using a shared component', 'apps/web/src/features/analysis/probe.ts', '@/components/page-header'],
  ])('allows %s', async (_, filePath, from) => {
    expect(await importErrors(filePath, `import { probe } from '${from}';`)).toEqual([]);
  });
});
