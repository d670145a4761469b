import { endpoints, type Me } from '@keywright/contract';
import { ApiError } from './api-error';

/** GET /api/me's answer, parsed with the contract (loaded on demand: see session.ts). */
export function parseMeAnswer(data: unknown): Me {
  const parsed = endpoints.me.response[200].safeParse(data);
  if (!parsed.success) throw new ApiError({ status: 200, code: 'invalid_response', message: 'Invalid response' });
  return parsed.data;
}
