import type { Project, ProjectInput } from '@keywright/contract';
import type { TestContext } from '../harness';
import type { TestUser } from './users';

let counter = 0;

/** Creates a project through the API as its owner. */
export async function buildProject(ctx: TestContext, owner: TestUser, overrides: Partial<ProjectInput> = {}): Promise<Project> {
  counter += 1;
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/projects',
    headers: owner.headers,
    payload: {
      name: `Project ${counter}`,
      description: `Description of project ${counter}`,
      country: 'United States',
      city: 'New York',
      language: 'English',
      ...overrides,
    },
  });
  if (response.statusCode !== 201) throw new Error(`project create failed: ${response.statusCode} ${response.body}`);
  return response.json() as Project;
}
