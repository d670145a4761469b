import { projectIdParamsSchema } from './common';
import { generationInputSchema, projectStatusAnswerSchema, startGenerationAnswerSchema } from './generation';
import { define, err } from './endpoint';

/** Keyword generation runs. */
export const generationEndpoints = {
  startKeywordGeneration: define({
    method: 'POST',
    path: '/api/start-keyword-generation',
    summary: 'Create a project (or use projectId) and start a keyword generation run',
    auth: true,
    body: generationInputSchema,
    response: { 202: startGenerationAnswerSchema, 400: err, 401: err, 404: err },
  }),
  projectStatus: define({
    method: 'GET',
    path: '/api/project-status/:projectId',
    summary: 'The latest generation run of a project, with its keywords once completed',
    auth: true,
    params: projectIdParamsSchema,
    response: { 200: projectStatusAnswerSchema, 400: err, 401: err, 404: err },
  }),
} as const;
