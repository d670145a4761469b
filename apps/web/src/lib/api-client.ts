import { buildPath, type Endpoint } from '@keywright/contract';
import { ApiError } from './api-error';
import { requestJson, toQueryString } from './http';
import { readJsonBody } from './read-json-body';

/** Standard Schema types (zod implements them), so the web app needs no zod import. */
type StandardTypes<S> = S extends { '~standard': { types?: infer T } } ? NonNullable<T> : never;
type SchemaOutput<S> = StandardTypes<S> extends { output: infer O } ? O : never;
type SchemaInput<S> = StandardTypes<S> extends { input: infer I } ? I : never;

type SuccessStatus<R> = Extract<keyof R, 200 | 201 | 202 | 204>;

/** The parsed success answer (the first 2xx in `response`) of an endpoint. */
export type ApiAnswer<E extends Endpoint> = SchemaOutput<E['response'][SuccessStatus<E['response']>]>;

type ParamsOption<E> = E extends { params: infer S } ? { params: SchemaInput<S> } : { params?: undefined };
type QueryOption<E> = E extends { query: infer S } ? { query?: SchemaInput<S> } : { query?: undefined };
type BodyOption<E> = E extends { body: infer S } ? { body: SchemaInput<S> } : { body?: undefined };

export type ApiRequestOptions<E extends Endpoint> = { signal?: AbortSignal } & ParamsOption<E> &
  QueryOption<E> &
  BodyOption<E>;

type OptionsArgs<E extends Endpoint> = E extends { params: unknown } | { body: unknown }
  ? [options: ApiRequestOptions<E>]
  : [options?: ApiRequestOptions<E>];

function successSchemaOf(endpoint: Endpoint) {
  const status = Object.keys(endpoint.response)
    .map(Number)
    .sort((a, b) => a - b)
    .find((code) => code >= 200 && code < 300);
  const schema = status === undefined ? undefined : endpoint.response[status];
  if (!schema) throw new Error(`${endpoint.method} ${endpoint.path} has no success answer`);
  return schema;
}

/**
 * Calls one endpoint of the contract and parses its success answer with the
 * contract's schema. Throws `ApiError` (an answer that is not JSON says so);
 * shows nothing itself.
 */
export async function apiRequest<E extends Endpoint>(endpoint: E, ...[options]: OptionsArgs<E>): Promise<ApiAnswer<E>> {
  const { params, query, body, signal } = (options ?? {}) as {
    params?: Record<string, string | number>;
    query?: object;
    body?: unknown;
    signal?: AbortSignal;
  };
  const url = buildPath(endpoint.path, params) + toQueryString(query);
  const data = await requestJson(endpoint.method, url, { body, signal, readBody: readJsonBody });
  const parsed = successSchemaOf(endpoint).safeParse(data);
  if (!parsed.success) {
    throw new ApiError({ status: 200, code: 'invalid_response', message: 'Invalid response' });
  }
  return parsed.data as ApiAnswer<E>;
}
