import { idParamsSchema, projectIdParamsSchema, successSchema } from './common';
import { define, err } from './endpoint';
import {
  addNegativeItemsInputSchema,
  negativeItemParamsSchema,
  negativeItemsAddedSchema,
  negativeListDetailQuerySchema,
  negativeListDetailSchema,
  negativeListInputSchema,
  negativeListSchema,
  negativeListsSchema,
} from './negative-lists';

/**
 * A project's negative keyword lists and their terms (issue 27). Whoever may read the project may
 * read and change them; anyone else gets 404, as for a missing id.
 */
export const negativeListEndpoints = {
  listNegativeLists: define({
    method: 'GET',
    path: '/api/projects/:projectId/negative-lists',
    summary: "A project's negative keyword lists, by name, with how many terms each holds",
    auth: true,
    params: projectIdParamsSchema,
    response: { 200: negativeListsSchema, 400: err, 401: err, 404: err },
  }),
  createNegativeList: define({
    method: 'POST',
    path: '/api/projects/:projectId/negative-lists',
    summary: 'Create a negative list in a project; 409 when the project has a list of that name (any case)',
    auth: true,
    params: projectIdParamsSchema,
    body: negativeListInputSchema,
    response: { 201: negativeListSchema, 400: err, 401: err, 404: err, 409: err },
  }),
  getNegativeList: define({
    method: 'GET',
    path: '/api/negative-lists/:id',
    summary: 'A negative list with a page of its terms, sorted by text',
    auth: true,
    params: idParamsSchema,
    query: negativeListDetailQuerySchema,
    response: { 200: negativeListDetailSchema, 400: err, 401: err, 404: err },
  }),
  updateNegativeList: define({
    method: 'PUT',
    path: '/api/negative-lists/:id',
    summary: 'Rename a negative list; 409 when its project has another list of that name (any case)',
    auth: true,
    params: idParamsSchema,
    body: negativeListInputSchema,
    response: { 200: negativeListSchema, 400: err, 401: err, 404: err, 409: err },
  }),
  deleteNegativeList: define({
    method: 'DELETE',
    path: '/api/negative-lists/:id',
    summary: 'Delete a negative list and its terms',
    auth: true,
    params: idParamsSchema,
    response: { 200: successSchema, 400: err, 401: err, 404: err },
  }),
  addNegativeItems: define({
    method: 'POST',
    path: '/api/negative-lists/:id/items',
    summary:
      'Add one term (text, match_type: exact or phrase) or many (items); answers how many were added and skipped, with the reasons (already in the list, longer than 80 characters, more than 10 words, empty)',
    auth: true,
    params: idParamsSchema,
    body: addNegativeItemsInputSchema,
    response: { 200: negativeItemsAddedSchema, 400: err, 401: err, 404: err },
  }),
  removeNegativeItem: define({
    method: 'DELETE',
    path: '/api/negative-lists/:id/items/:itemId',
    summary: 'Take a term out of a negative list',
    auth: true,
    params: negativeItemParamsSchema,
    response: { 200: successSchema, 400: err, 401: err, 404: err },
  }),
} as const;
