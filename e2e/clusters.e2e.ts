import { formatCpcRange, messages, type ClustersAnswer, type KeywordCluster, type Project } from '@keywright/contract';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import {
  apiAddKeywords,
  apiCreateProject,
  apiDeleteProject,
  apiImportPlannerKeywords,
  apiKeywordLists,
  apiMergeClusters,
  apiReadyClusters,
  apiSignUp,
  type ApiUser,
} from './support/api';
import {
  closeToast,
  expectHidden,
  expectNoHorizontalScroll,
  expectPath,
  expectTitle,
  expectToast,
  expectVisible,
  noBrowser,
  screenshot,
  signIn,
  usePage,
  viewports,
} from './support/browser';

const unique = () => Math.random().toString(36).slice(2, 7);

/** A dental clinic's keywords in a few clear themes (about 40). */
const dentalKeywords = [
  'teeth whitening',
  'teeth whitening kit',
  'teeth whitening price',
  'teeth whitening near me',
  'professional teeth whitening',
  'teeth whitening cost',
  'best teeth whitening',
  'dental implants',
  'dental implants cost',
  'dental implants near me',
  'cheap dental implants',
  'how much do dental implants cost',
  'dental implants price',
  'best dental implants',
  'emergency dentist',
  'emergency dentist near me',
  '24 hour emergency dentist',
  'emergency dentist open now',
  'emergency dentist cost',
  'root canal',
  'root canal pain',
  'root canal cost',
  'root canal treatment',
  'root canal near me',
  'invisalign',
  'invisalign cost',
  'invisalign near me',
  'invisalign for adults',
  'invisalign price',
  'dental crown',
  'dental crown cost',
  'dental crown procedure',
  'dental crown near me',
  'wisdom teeth removal',
  'wisdom teeth removal cost',
  'wisdom teeth removal recovery',
  'wisdom teeth removal near me',
  'kids dentist',
  'kids dentist near me',
  'pediatric dentist',
];

async function dentalProject(owner: ApiUser, keywords: readonly string[] = dentalKeywords): Promise<Project> {
  const project = await apiCreateProject(owner, {
    name: `Bright Smile Dental ${unique()}`,
    description: 'Family dentist: teeth whitening, implants, root canals and emergency care',
    country: 'United States',
    city: 'Denver',
    language: 'English',
  });
  await apiAddKeywords(owner, project.id, keywords);
  return project;
}

/**
 * More keywords than the server groups in a request (5,000): services by modifiers by places, each
 * a theme of its own, so there are more groups than a page.
 */
function largeKeywordSet(): Array<{ keyword: string; searches: number }> {
  const services = ['teeth whitening', 'dental implants', 'root canal', 'invisalign', 'dental crown', 'veneers'];
  const modifiers = ['cost', 'price', 'near me', 'best', 'cheap', 'reviews', 'same day', 'affordable', 'top rated'];
  const places = Array.from({ length: 100 }, (_, i) => `town${String(i + 1).padStart(3, '0')}`);
  const rows: Array<{ keyword: string; searches: number }> = [];
  for (const place of places) {
    for (const service of services) {
      for (const modifier of modifiers) rows.push({ keyword: `${service} ${modifier} ${place}`, searches: 10 });
    }
  }
  return rows.slice(0, 5_100);
}

const projectPath = (project: Project) => `/projects/${project.id}/keywords`;

/** The project page, switched to its groups with the view control. */
async function openGroups(page: Page, project: Project): Promise<void> {
  await page.goto(projectPath(project));
  await expectVisible(page.getByRole('heading', { name: 'Keywords', exact: true, level: 2 }));
  await page.getByRole('radiogroup', { name: 'Project view' }).getByText('Ad groups', { exact: true }).click();
  await expectPath(page, projectPath(project), '?view=groups');
  await expectVisible(page.getByRole('heading', { name: 'Ad groups', exact: true, level: 2 }));
}

/** The groups list (its items named after the groups). */
const groupList = (page: Page) => page.getByRole('list', { name: 'Groups', exact: true });

function groupItem(page: Page, name: string): Locator {
  return groupList(page).getByRole('listitem', { name, exact: true });
}

/** The groups on screen, top to bottom, as `name: N keywords`. */
async function shownGroups(page: Page): Promise<string[]> {
  return groupList(page)
    .locator(':scope > li')
    .evaluateAll((items) =>
      items.map((item) => {
        const name = document.getElementById(item.getAttribute('aria-labelledby')!)!.textContent;
        const count = item.querySelector('[id$="-name"] + *')?.textContent;
        return `${name}: ${count}`;
      }),
    );
}

const described = (clusters: readonly KeywordCluster[]) =>
  clusters.map(
    (cluster) => `${cluster.name}: ${cluster.keywordCount} ${cluster.keywordCount === 1 ? 'keyword' : 'keywords'}`,
  );

async function expectShownGroups(page: Page, clusters: readonly KeywordCluster[]): Promise<void> {
  await expect.poll(() => shownGroups(page), { timeout: 15_000 }).toEqual(described(clusters));
}

/** The keywords an expanded group lists, top to bottom (table rows or list lines). */
async function shownKeywordsOf(page: Page, name: string): Promise<string[]> {
  const keywords = page.getByRole(viewportIsWide(page) ? 'table' : 'list', { name: `Keywords of group ${name}` });
  const cells = viewportIsWide(page)
    ? keywords.locator('tbody tr td:first-child')
    : keywords.locator(':scope > li p:first-child');
  return cells.allTextContents();
}

const viewportIsWide = (page: Page) => (page.viewportSize()?.width ?? 0) >= 768;

const byName = (answer: ClustersAnswer, name: string) => answer.clusters.find((cluster) => cluster.name === name);

/** Chooses an option of a Mantine Select by its label. */
async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe.skipIf(noBrowser)('keyword groups (clusters)', () => {
  for (const viewport of viewports) {
    describe(`at ${viewport.width} px`, () => {
      const session = usePage(viewport);

      test('a person sees the project’s keywords in ad groups, searches, expands, moves, renames, merges, saves them as lists and changes the tightness', async () => {
        const { page } = session;
        const owner = await apiSignUp();
        const project = await dentalProject(owner);
        await signIn(page, owner);

        await openGroups(page, project);
        await expectTitle(page, `Ad groups - ${project.name} - Keywright`);
        const balanced = await apiReadyClusters(owner, project.id);
        expect(balanced.clusters.length, 'a few clear themes make a few groups').toBeGreaterThanOrEqual(5);
        expect(balanced.pagination.totalCount).toBe(balanced.clusters.length);
        expect(balanced.clusters.reduce((sum, cluster) => sum + cluster.keywordCount, 0)).toBe(dentalKeywords.length);
        await expectShownGroups(page, balanced.clusters);
        await expectVisible(
          page.getByText(`${balanced.clusters.length} groups`, { exact: true }).first(),
          // The badge counts every group.
        );

        // Each group's figures as the API sums them (the page fetched the keywords' figures first).
        const [largest, second] = balanced.clusters as [KeywordCluster, KeywordCluster, ...KeywordCluster[]];
        expect(largest.totalVolume, 'the estimate gives every keyword a volume').not.toBeNull();
        const largestItem = groupItem(page, largest.name);
        await expectVisible(largestItem.getByText(largest.totalVolume!.toLocaleString('en-US'), { exact: true }));
        await expectVisible(
          largestItem.getByText(formatCpcRange(largest.cpcLow, largest.cpcHigh, largest.currency), { exact: true }),
        );
        await expectVisible(page.getByText(messages.estimatedLabel, { exact: true }).first());
        // The intent mix, by full names.
        const [topIntent] = Object.entries(largest.intentMix).sort((a, b) => b[1] - a[1]);
        if (topIntent && topIntent[1] > 0) {
          const label = messages.intentLabels[topIntent[0] as keyof typeof messages.intentLabels];
          await expectVisible(largestItem.getByText(`${label} ${topIntent[1]}`, { exact: true }));
        }
        await expectNoHorizontalScroll(page, 'on the groups');
        await screenshot(page, 'clusters-groups', viewport);

        // The view survives a reload.
        await page.reload();
        await expectVisible(page.getByRole('heading', { name: 'Ad groups', exact: true, level: 2 }));
        await expectShownGroups(page, balanced.clusters);

        // A search narrows the groups to those whose name or keywords hold it.
        const search = page.getByRole('textbox', { name: 'Search groups' });
        await search.fill('whitening');
        const whitening = await apiReadyClusters(owner, project.id, { search: 'whitening' });
        expect(whitening.clusters.length).toBeGreaterThan(0);
        expect(whitening.clusters.length).toBeLessThan(balanced.clusters.length);
        await expectShownGroups(page, whitening.clusters);
        await page.getByRole('button', { name: 'Clear search' }).click();
        await expectShownGroups(page, balanced.clusters);

        // Expanding a group lists its keywords, most searched first.
        await largestItem.getByRole('button', { name: `Show keywords of group ${largest.name}` }).click();
        await expect
          .poll(() => shownKeywordsOf(page, largest.name))
          .toEqual(largest.keywords.map((keyword) => keyword.keyword));
        await expectNoHorizontalScroll(page, 'with a group expanded');
        await screenshot(page, 'clusters-expanded', viewport);

        // Move the largest group's last keyword to the second group: the dialog asks for one target.
        const moved = largest.keywords.at(-1)!;
        await page.getByRole('button', { name: `Actions for keyword ${moved.keyword}`, exact: true }).click();
        await page.getByRole('menuitem', { name: 'Move to group…' }).click();
        const moveDialog = page.getByRole('dialog', { name: 'Move to group' });
        await expectVisible(moveDialog);
        await moveDialog.getByRole('button', { name: 'Move keyword' }).click();
        await expectVisible(moveDialog.getByText(messages.moveNeedsOneTarget, { exact: true }));
        await choose(page, 'Group', `${second.name} (${second.keywordCount})`);
        await screenshot(page, 'clusters-move-dialog', viewport);
        await moveDialog.getByRole('button', { name: 'Move keyword' }).click();
        await expectToast(page, messages.keywordMovedToGroup(moved.keyword, second.name));
        await closeToast(page, messages.keywordMovedToGroup(moved.keyword, second.name));
        await expectHidden(moveDialog);
        const afterMove = await apiReadyClusters(owner, project.id);
        expect(byName(afterMove, largest.name)?.keywordCount).toBe(largest.keywordCount - 1);
        expect(byName(afterMove, second.name)?.keywords.map((keyword) => keyword.keyword)).toContain(moved.keyword);
        await expectShownGroups(page, afterMove.clusters);

        // Or to a new group, by name.
        const toNew = largest.keywords.at(-2)!;
        const newGroup = `Aftercare ${unique()}`;
        await page.getByRole('button', { name: `Actions for keyword ${toNew.keyword}`, exact: true }).click();
        await page.getByRole('menuitem', { name: 'Move to group…' }).click();
        await moveDialog.getByRole('textbox', { name: 'New group' }).fill(newGroup);
        await moveDialog.getByRole('button', { name: 'Move keyword' }).click();
        await expectToast(page, messages.keywordMovedToGroup(toNew.keyword, newGroup));
        await closeToast(page, messages.keywordMovedToGroup(toNew.keyword, newGroup));
        const afterNew = await apiReadyClusters(owner, project.id);
        expect(byName(afterNew, newGroup)?.keywords.map((keyword) => keyword.keyword)).toEqual([toNew.keyword]);
        expect(byName(afterNew, largest.name)?.keywordCount).toBe(largest.keywordCount - 2);
        await expectShownGroups(page, afterNew.clusters);

        // Rename the second group: a name is required.
        const renamed = `Spring offers ${unique()}`;
        await groupItem(page, second.name)
          .getByRole('button', { name: `Actions for group ${second.name}`, exact: true })
          .click();
        await page.getByRole('menuitem', { name: 'Rename group…' }).click();
        const renameDialog = page.getByRole('dialog', { name: 'Rename group' });
        const nameField = renameDialog.getByRole('textbox', { name: 'Group name' });
        await expect.poll(() => nameField.inputValue()).toBe(second.name);
        await nameField.fill('   ');
        await renameDialog.getByRole('button', { name: 'Rename' }).click();
        await expectVisible(renameDialog.getByText(messages.clusterNameRequired, { exact: true }));
        await nameField.fill(renamed);
        await renameDialog.getByRole('button', { name: 'Rename' }).click();
        await expectToast(page, messages.clusterRenamed);
        await closeToast(page, messages.clusterRenamed);
        await expectVisible(groupItem(page, renamed));
        const afterRename = await apiReadyClusters(owner, project.id);
        expect(byName(afterRename, renamed)?.id).toBe(second.id);
        await expectShownGroups(page, afterRename.clusters);

        // Merge two groups: one alone is not enough.
        const [, , third, fourth] = afterRename.clusters as KeywordCluster[];
        await groupItem(page, third!.name)
          .getByRole('checkbox', { name: `Select group ${third!.name}` })
          .check();
        await page.getByRole('button', { name: 'Merge', exact: true }).click();
        await expectVisible(page.getByText(messages.mergeNeedsTwo, { exact: true }));
        await groupItem(page, fourth!.name)
          .getByRole('checkbox', { name: `Select group ${fourth!.name}` })
          .check();
        await expectNoHorizontalScroll(page, 'with groups selected');
        await screenshot(page, 'clusters-selected', viewport);
        await page.getByRole('button', { name: 'Merge', exact: true }).click();
        const mergeDialog = page.getByRole('dialog', { name: 'Merge groups' });
        const mergedName = `Urgent care ${unique()}`;
        await mergeDialog.getByRole('textbox', { name: 'New name' }).fill(mergedName);
        await screenshot(page, 'clusters-merge-dialog', viewport);
        await mergeDialog.getByRole('button', { name: 'Merge 2 groups' }).click();
        await expectToast(page, messages.clustersMerged(2));
        await closeToast(page, messages.clustersMerged(2));
        const afterMerge = await apiReadyClusters(owner, project.id);
        expect(afterMerge.clusters).toHaveLength(afterRename.clusters.length - 1);
        expect(byName(afterMerge, mergedName)?.keywordCount).toBe(third!.keywordCount + fourth!.keywordCount);
        expect(byName(afterMerge, third!.name) ?? byName(afterMerge, fourth!.name)).toBeUndefined();
        await expectShownGroups(page, afterMerge.clusters);

        // Save every group as a list: it asks first, then the lists exist, named after the groups.
        await page.getByRole('button', { name: 'Save all as lists' }).click();
        const saveDialog = page.getByRole('dialog', { name: 'Save groups as lists' });
        await saveDialog.getByRole('button', { name: `Save ${afterMerge.clusters.length} groups` }).click();
        await expectToast(page, messages.clustersSavedAsLists(afterMerge.clusters.length));
        await expectVisible(page.getByRole('link', { name: 'Open keyword lists' }));
        const lists = await apiKeywordLists(owner);
        expect(
          lists
            .filter((list) => list.project_id === project.id)
            .map((list) => `${list.name}: ${list.count}`)
            .sort(),
        ).toEqual(afterMerge.clusters.map((cluster) => `${cluster.name}: ${cluster.keywordCount}`).sort());
        await expectNoHorizontalScroll(page, 'after saving as lists');
        await screenshot(page, 'clusters-saved', viewport);

        // Tight grouping makes other, finer groups; it is kept in the address.
        await page.getByRole('radiogroup', { name: 'Grouping' }).getByText('Tight', { exact: true }).click();
        await expectPath(page, projectPath(project), '?view=groups&tightness=tight');
        const tight = await apiReadyClusters(owner, project.id, { tightness: 'tight' });
        expect(tight.clusters.length).toBeGreaterThan(afterMerge.clusters.length);
        await expectShownGroups(page, tight.clusters);
        await page.getByRole('radiogroup', { name: 'Grouping' }).getByText('Loose', { exact: true }).click();
        await expectPath(page, projectPath(project), '?view=groups&tightness=loose');
        const loose = await apiReadyClusters(owner, project.id, { tightness: 'loose' });
        await expectShownGroups(page, loose.clusters);
        await expectNoHorizontalScroll(page, 'at loose grouping');
        await screenshot(page, 'clusters-loose', viewport);

        // Back to the keyword table, as it was.
        await page.getByRole('radiogroup', { name: 'Project view' }).getByText('Keywords', { exact: true }).click();
        await expectPath(page, projectPath(project), '');
        await expectVisible(page.getByRole('heading', { name: 'Keywords', exact: true, level: 2 }));
      });

      test('a group merged away elsewhere: the edit says it no longer exists and the groups are shown as they are', async () => {
        const { page } = session;
        const owner = await apiSignUp();
        const project = await dentalProject(owner, dentalKeywords.slice(0, 19));
        await signIn(page, owner);
        await page.goto(`${projectPath(project)}?view=groups`);
        const before = await apiReadyClusters(owner, project.id);
        await expectShownGroups(page, before.clusters);
        const [kept, gone] = before.clusters as [KeywordCluster, KeywordCluster];
        // A teammate merges the second group into the first.
        const after = await apiMergeClusters(owner, project.id, [kept.id, gone.id]);
        await groupItem(page, gone.name)
          .getByRole('button', { name: `Actions for group ${gone.name}` })
          .click();
        await page.getByRole('menuitem', { name: 'Rename group…' }).click();
        const renameDialog = page.getByRole('dialog', { name: 'Rename group' });
        await renameDialog.getByRole('textbox', { name: 'Group name' }).fill('Still here?');
        await renameDialog.getByRole('button', { name: 'Rename' }).click();
        await expectToast(page, messages.clusterNotFound);
        await expectShownGroups(page, after.clusters);
      });

      test('a large project: the progress while the server works the groups out, then pages of groups', async () => {
        const { page } = session;
        const owner = await apiSignUp();
        const project = await dentalProject(owner, []);
        await apiImportPlannerKeywords(owner, project.id, largeKeywordSet());
        await signIn(page, owner);
        // The page asks first: its first answer is the job's progress (202), polled until ready.
        await page.goto(`${projectPath(project)}?view=groups`);
        await expectVisible(page.getByRole('progressbar', { name: 'Grouping progress' }), 30_000);
        await expectVisible(page.getByText('Working out the groups…', { exact: true }));
        await screenshot(page, 'clusters-working', viewport, { axe: false });
        await expectVisible(groupList(page), 60_000);
        const first = await apiReadyClusters(owner, project.id);
        expect(first.pagination.totalPages).toBeGreaterThan(1);
        await expectShownGroups(page, first.clusters);
        await expectVisible(page.getByText(`1–50 of ${first.pagination.totalCount} groups`, { exact: true }));
        await page
          .getByRole('navigation', { name: 'Group pages' })
          .getByRole('button', { name: '2', exact: true })
          .click();
        const second = await apiReadyClusters(owner, project.id, { page: 2 });
        await expectShownGroups(page, second.clusters);
        await expectNoHorizontalScroll(page, 'on a page of a large project');
      });

      test('groups that cannot be loaded: a toast and a way to try again', async () => {
        const { page } = session;
        const owner = await apiSignUp();
        const project = await dentalProject(owner, dentalKeywords.slice(0, 12));
        await signIn(page, owner);
        await page.goto(`${projectPath(project)}?view=groups`);
        await expectShownGroups(page, (await apiReadyClusters(owner, project.id)).clusters);
        // The project is deleted elsewhere: the next grouping asked for cannot be loaded.
        await apiDeleteProject(owner, project.id);
        await page.getByRole('radiogroup', { name: 'Grouping' }).getByText('Tight', { exact: true }).click();
        await expectToast(page, messages.failedToLoadClusters);
        await expectVisible(page.getByRole('button', { name: 'Try again' }));
        await expectNoHorizontalScroll(page, 'on the load error');
        await screenshot(page, 'clusters-load-failed', viewport);
      });

      test('a project without keywords: the groups view says how to get some', async () => {
        const { page } = session;
        const owner = await apiSignUp();
        const project = await dentalProject(owner, []);
        await signIn(page, owner);
        await page.goto(`${projectPath(project)}?view=groups`);
        await expectVisible(page.getByRole('heading', { name: messages.noKeywordsToGroup }));
        await expectVisible(page.getByText(messages.noKeywordsToGroupHint, { exact: true }));
        await expectVisible(page.getByRole('link', { name: 'Generate Keywords' }));
        await expectNoHorizontalScroll(page, 'on the empty groups view');
        await screenshot(page, 'clusters-empty', viewport);
        await page.getByRole('button', { name: 'Add keywords' }).click();
        await expectPath(page, projectPath(project), '');
        await expectVisible(page.getByRole('heading', { name: 'Keywords', exact: true, level: 2 }));
      });
    });
  }
});
