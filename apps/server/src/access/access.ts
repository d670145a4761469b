import { and, eq, inArray, or, type Column, type SQL } from 'drizzle-orm';
import { messages } from '@keywright/contract';
import type { Db } from '../db/client';
import { keywordLists, keywords, projects, teamMembers } from '../db/schema';
import { AppError, notFound } from '../lib/errors';

/**
 * Who may read, change and delete what: the one place. Owners and members of the owner's team
 * read and change; only owners delete. Whatever the caller may not read is reported exactly like
 * a missing id. A keyword goes with its project: whoever may read the project may read its keywords.
 *
 * Two ways to apply these rules, both written here:
 * - Guards (`get*`, `check*`) in services, for one resource named by its id: each throws 404 (or
 *   403) and the service goes on knowing the caller may.
 * - Conditions (`canRead*`) inside a repository's query, for reads that must filter in SQL: many
 *   rows (the lists page, the lists holding a keyword), or one read that checks access in the same
 *   statement to save a round trip. A repository uses them; it never compares an owner column with
 *   the caller or joins the team itself.
 */

export interface Caller {
  id: string;
}

/** Owners whose projects and lists the caller may read: the caller and every team that has them. */
function teamOwnerIds(db: Db, callerId: string) {
  return db.select({ ownerId: teamMembers.ownerId }).from(teamMembers).where(eq(teamMembers.memberUserId, callerId));
}

/** A condition on an owner column: the caller owns the row or is on the owner's team. */
export function canReadOwnedBy(db: Db, ownerColumn: Column, caller: Caller): SQL {
  return or(eq(ownerColumn, caller.id), inArray(ownerColumn, teamOwnerIds(db, caller.id)))!;
}

/**
 * Projects the caller may read (and so change), as a condition on `projects` or an alias of it.
 * For keywords, join their project and use this.
 */
export function canReadProject(db: Db, project: { userId: Column }, caller: Caller): SQL {
  return canReadOwnedBy(db, project.userId, caller);
}

/** Keyword lists the caller may read (and so change), as a condition on `keyword_lists` or an alias of it. */
export function canReadList(db: Db, list: { userId: Column }, caller: Caller): SQL {
  return canReadOwnedBy(db, list.userId, caller);
}

export interface ProjectAccess {
  id: number;
  userId: string;
  isOwner: boolean;
}

async function findReadableProject(db: Db, caller: Caller, projectId: number): Promise<ProjectAccess | null> {
  const [row] = await db
    .select({ id: projects.id, userId: projects.userId })
    .from(projects)
    .where(and(eq(projects.id, projectId), canReadProject(db, projects, caller)));
  return row ? { ...row, isOwner: row.userId === caller.id } : null;
}

/** For reading and changing a project and its keywords. */
export async function getReadableProject(db: Db, caller: Caller, projectId: number): Promise<ProjectAccess> {
  const project = await findReadableProject(db, caller, projectId);
  if (!project) throw notFound();
  return project;
}

export const getChangeableProject = getReadableProject;

/** Only the owner deletes; a team member gets 403, anyone else 404. */
export async function getDeletableProject(db: Db, caller: Caller, projectId: number): Promise<ProjectAccess> {
  const project = await getReadableProject(db, caller, projectId);
  if (!project.isOwner) throw new AppError('forbidden', messages.forbiddenDelete);
  return project;
}

/** A keyword may be read, changed and saved to lists by whoever may change its project. */
export async function getChangeableKeyword(
  db: Db,
  caller: Caller,
  keywordId: number,
): Promise<{ id: number; projectId: number }> {
  const [row] = await db
    .select({ id: keywords.id, projectId: keywords.projectId })
    .from(keywords)
    .innerJoin(projects, eq(projects.id, keywords.projectId))
    .where(and(eq(keywords.id, keywordId), canReadProject(db, projects, caller)));
  if (!row) throw notFound();
  return row;
}

export const getReadableKeyword = getChangeableKeyword;

export interface ListAccess {
  id: number;
  userId: string;
  projectId: number | null;
  isOwner: boolean;
}

/** For reading and changing a keyword list and its keywords: the owner and the owner's team. */
export async function getReadableList(db: Db, caller: Caller, listId: number): Promise<ListAccess> {
  const [row] = await db
    .select({ id: keywordLists.id, userId: keywordLists.userId, projectId: keywordLists.projectId })
    .from(keywordLists)
    .where(and(eq(keywordLists.id, listId), canReadList(db, keywordLists, caller)));
  if (!row) throw notFound();
  return { ...row, isOwner: row.userId === caller.id };
}

export const getChangeableList = getReadableList;

/** Only the owner deletes a list; a team member gets 403, anyone else 404. */
export async function getDeletableList(db: Db, caller: Caller, listId: number): Promise<ListAccess> {
  const list = await getReadableList(db, caller, listId);
  if (!list.isOwner) throw new AppError('forbidden', messages.forbiddenDelete);
  return list;
}

/**
 * A list is linked only to a project the caller may read; else 404 with the project's text, so
 * a person sees which id was wrong.
 */
export async function checkLinkableProject(db: Db, caller: Caller, projectId: number): Promise<void> {
  if (!(await findReadableProject(db, caller, projectId))) throw new AppError('not_found', messages.projectNotFound);
}

/**
 * The 404 for work on a list that needs its project (adding by text, ads, ideas) when that project
 * is gone or hidden from the caller: its own text, so a person sees it is the list's project.
 */
export function listProjectNotFound(): AppError {
  return new AppError('not_found', messages.projectNotFoundForList);
}

/** A list's project, for work on the list that needs it; see `listProjectNotFound`. */
export async function getReadableListProject(db: Db, caller: Caller, projectId: number): Promise<ProjectAccess> {
  const project = await findReadableProject(db, caller, projectId);
  if (!project) throw listProjectNotFound();
  return project;
}
