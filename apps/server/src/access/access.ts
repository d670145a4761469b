import { and, eq, inArray, or, type Column, type SQL } from 'drizzle-orm';
import { messages } from '@keywright/contract';
import type { Db } from '../db/client';
import { keywordLists, keywords, projects, teamMembers } from '../db/schema';
import { AppError, notFound } from '../lib/errors';

/**
 * Who may read, change and delete what. Owners and members of the owner's
 * team read and change; only owners delete. Whatever the caller may not read
 * is reported exactly like a missing id.
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

export interface ProjectAccess {
  id: number;
  userId: string;
  isOwner: boolean;
}

async function findReadableProject(db: Db, caller: Caller, projectId: number): Promise<ProjectAccess | null> {
  const [row] = await db
    .select({ id: projects.id, userId: projects.userId })
    .from(projects)
    .where(and(eq(projects.id, projectId), canReadOwnedBy(db, projects.userId, caller)));
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
    .where(and(eq(keywords.id, keywordId), canReadOwnedBy(db, projects.userId, caller)));
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
    .where(and(eq(keywordLists.id, listId), canReadOwnedBy(db, keywordLists.userId, caller)));
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
