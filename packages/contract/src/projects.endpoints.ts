import { idParamsSchema, successSchema } from './common';
import { projectInputSchema, projectListSchema, projectSchema } from './projects';
import { define, err } from './endpoint';

/** Projects: list, read, create, change and delete. */
export const projectEndpoints = {
  listProjects: define({
    method: 'GET',
    path: '/api/projects',
    summary: 'Projects the caller owns or shares through a team',
    auth: true,
    response: { 200: projectListSchema, 401: err },
  }),
  getProject: define({
    method: 'GET',
    path: '/api/projects/:id',
    summary: 'One project',
    auth: true,
    params: idParamsSchema,
    response: { 200: projectSchema, 400: err, 401: err, 404: err },
  }),
  createProject: define({
    method: 'POST',
    path: '/api/projects',
    summary: 'Create a project',
    auth: true,
    body: projectInputSchema,
    response: { 201: projectSchema, 400: err, 401: err },
  }),
  updateProject: define({
    method: 'PUT',
    path: '/api/projects/:id',
    summary: 'Update a project (owner or team member)',
    auth: true,
    params: idParamsSchema,
    body: projectInputSchema,
    response: { 200: projectSchema, 400: err, 401: err, 404: err },
  }),
  deleteProject: define({
    method: 'DELETE',
    path: '/api/projects/:id',
    summary: 'Delete a project and its keywords (owner only)',
    auth: true,
    params: idParamsSchema,
    response: { 200: successSchema, 400: err, 401: err, 403: err, 404: err },
  }),
} as const;
