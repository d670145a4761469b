import type { Project, ProjectInput } from '@keywright/contract';
import type { TestContext } from '../harness';
import { buildUser, type TestUser } from './users';

let counter = 0;

/** Creates a project through the API as its owner (a new user when none is given). */
export async function buildProject(
  ctx: TestContext,
  { owner, ...overrides }: { owner?: TestUser } & Partial<ProjectInput> = {},
): Promise<Project> {
  counter += 1;
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/projects',
    headers: (owner ?? (await buildUser(ctx))).headers,
    payload: {
      name: `Project ${counter}`,
      // A real description: the keyword generator writes only searches a person would type.
      description: 'Handmade leather wallets, belts and bags',
      country: 'United States',
      city: 'New York',
      language: 'English',
      ...overrides,
    },
  });
  if (response.statusCode !== 201) throw new Error(`project create failed: ${response.statusCode} ${response.body}`);
  return response.json() as Project;
}
