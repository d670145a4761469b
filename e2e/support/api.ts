import type { Project, ProjectInput } from '@keywright/contract';
import { baseUrl, newUser, type User } from './browser';

/** A user made directly through the API (for set-up the journey is not about). */
export interface ApiUser extends User {
  id: string;
  token: string;
}

async function call<T>(method: string, pathname: string, token: string | null, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${pathname}`, {
    method,
    headers: {
      origin: baseUrl,
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...(token && { authorization: `Bearer ${token}` }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${pathname} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

export async function apiSignUp(overrides: Partial<User> = {}): Promise<ApiUser> {
  const user = newUser(overrides);
  const response = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { origin: baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify({ name: user.name, email: user.email, password: user.password }),
  });
  const text = await response.text();
  const token = response.headers.get('set-auth-token');
  if (!response.ok || !token) throw new Error(`Sign-up of ${user.email} answered ${response.status}: ${text}`);
  const { user: created } = JSON.parse(text) as { user: { id: string } };
  return { ...user, id: created.id, token };
}

export function apiCreateProject(owner: ApiUser, input: ProjectInput): Promise<Project> {
  return call<Project>('POST', '/api/projects', owner.token, input);
}

export function apiAddKeyword(owner: ApiUser, projectId: number, keyword: string): Promise<unknown> {
  return call('POST', `/api/projects/${projectId}/keywords`, owner.token, { keyword });
}

export function apiAddTeamMember(owner: ApiUser, email: string): Promise<unknown> {
  return call('POST', '/api/team/members', owner.token, { email });
}

export function apiConfig(): Promise<{ appName: string; contactEmail: string }> {
  return call('GET', '/api/config', null);
}
