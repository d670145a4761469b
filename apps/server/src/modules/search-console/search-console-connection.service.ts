import {
  messages,
  type GoogleDisconnectAnswer,
  type ProjectSearchConsole,
  type SearchConsoleImport,
  type SearchConsoleSitesAnswer,
  type SearchConsoleStatus,
} from '@keywright/contract';
import type { FastifyBaseLogger } from 'fastify';
import { getChangeableProject, getReadableProject, type Caller } from '../../access/access';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { UpstreamError } from '../../lib/http-client';
import { createSecretBox } from '../../lib/secret-box';
import { createStateSigner, hashNonce } from '../../providers/google-oauth/oauth-state';
import {
  SearchConsoleUnauthorizedError,
  type SearchConsoleClient,
} from '../../providers/search-console/search-console-client';
import type { SearchConsoleGoogle } from '../../providers/search-console/search-console-google';
import { SearchConsoleNotConnectedError, type WithSearchConsoleAccess } from './search-console-access';
import {
  findSearchConsoleConnection,
  searchConsoleGrantStore,
  useSearchConsoleOauthState,
} from './search-console-connection.repository';
import { fetchRange, type SearchConsoleFetchService } from './search-console-fetch.service';
import { createSearchConsoleJobsRepository } from './search-console-jobs.repository';
import { sitesAnswer } from './search-console-sites';
import {
  createSearchConsoleStateRepository,
  importAnswer,
  readProjectSearchConsole,
} from './search-console-state.repository';

/** The settings that turn Search Console on (see the README), named to an administrator while they are unset. */
const searchConsoleSettings = ['GOOGLE_OAUTH_CLIENT_ID', 'GOOGLE_OAUTH_CLIENT_SECRET'];

/** The sealed tokens' purpose, apart from Drive's: one key never opens the other's. */
export const searchConsoleTokensPurpose = 'search-console-tokens';

export interface SearchConsoleConnectionDeps {
  db: Db;
  /** AUTH_SECRET: the tokens' and the state's keys are derived from it. */
  secret: string;
  /** Null when the server has no Google OAuth client. */
  google: SearchConsoleGoogle | null;
  /** The callers' grants, refreshed as needed; null with `google`. */
  withAccess: WithSearchConsoleAccess | null;
  fetches: SearchConsoleFetchService;
  log: FastifyBaseLogger;
}

export function createSearchConsoleConnectionService({
  db,
  secret,
  google,
  withAccess,
  fetches,
  log,
}: SearchConsoleConnectionDeps) {
  const box = createSecretBox(secret, searchConsoleTokensPurpose);
  const states = createStateSigner(secret, 'search-console-oauth-state');
  const state = createSearchConsoleStateRepository(db);
  const jobs = createSearchConsoleJobsRepository(db);

  function configured(): SearchConsoleGoogle {
    if (!google) throw new AppError('unavailable', messages.searchConsoleNotConfigured);
    return google;
  }

  /** Runs `use` with the caller's own grant; Google's failures become the answers people read. */
  async function asPerson<T>(userId: string, use: (client: SearchConsoleClient, token: string) => Promise<T>) {
    configured();
    try {
      return await withAccess!(userId, use);
    } catch (error) {
      if (error instanceof SearchConsoleNotConnectedError || error instanceof SearchConsoleUnauthorizedError) {
        throw new AppError('conflict', messages.searchConsoleNotConnected);
      }
      if (error instanceof UpstreamError) throw new AppError('upstream_error', error.message);
      throw error;
    }
  }

  /** Starts a fetch with the caller's grant (or finds the one running) and sends it to the job. */
  async function startFetch(caller: Caller, projectId: number, siteUrl: string) {
    const { row, started } = await jobs.startFetch({ projectId, userId: caller.id, siteUrl, ...fetchRange() });
    // If this send is lost, the sweep sends it again: the import row is the truth.
    if (started) await fetches.enqueue(row.id).catch((error: unknown) => log.error({ err: error }, 'enqueue failed'));
    return row;
  }

  return {
    /** The connection; to an administrator, while Search Console is not set up, the settings that turn it on. */
    async getStatus(userId: string, isAdministrator: boolean): Promise<SearchConsoleStatus> {
      if (!google) {
        return {
          configured: false,
          connected: false,
          email: null,
          ...(isAdministrator && { setup: searchConsoleSettings }),
        };
      }
      const connection = await findSearchConsoleConnection(db, userId);
      return { configured: true, connected: connection !== null, email: connection?.email ?? null };
    },

    /** Google's consent URL, with a single-use state bound to this person (and the project to return to). */
    startConnect(userId: string, projectId: number | undefined): string {
      return configured().oauth.authorizationUrl(states.create(userId, Date.now(), projectId ? String(projectId) : ''));
    },

    /**
     * Google's redirect: whether the tokens are kept, and the project the consent started from (as
     * its signed state says). Any failure is only logged.
     */
    async finishConnect(
      userId: string,
      query: { code?: string; state?: string; error?: string },
    ): Promise<{ connected: boolean; projectId: number | null }> {
      const failed = (projectId: number | null = null) => ({ connected: false, projectId });
      if (!query.state) return failed();
      const verified = states.verify(userId, query.state, Date.now());
      if (!verified) {
        log.warn('Search Console callback with an unknown, expired or foreign state');
        return failed();
      }
      // Signed for this person: the project it names is where they go back, however it ends.
      const projectId = verified.payload ? Number(verified.payload) : null;
      // The state is used up whatever else the redirect says, so it never serves twice.
      if (!(await useSearchConsoleOauthState(db, userId, hashNonce(verified.nonce), new Date(verified.expiresAt)))) {
        log.warn('Search Console callback with a used state');
        return failed(projectId);
      }
      if (!google || query.error || !query.code) return failed(projectId);
      try {
        const grant = await google.oauth.exchangeCode(query.code);
        await searchConsoleGrantStore(db, box, userId).save(grant);
        return { connected: true, projectId };
      } catch (error) {
        if (!(error instanceof UpstreamError)) throw error;
        log.warn({ err: error }, 'Search Console code exchange failed');
        return failed(projectId);
      }
    },

    /** Forgets the tokens; revokes the grant at Google first, as far as Google answers. Imported queries stay. */
    /** Forgets the tokens whatever Google answers; the answer says so when Google could not revoke the grant. */
    async disconnect(userId: string): Promise<GoogleDisconnectAnswer> {
      const store = searchConsoleGrantStore(db, box, userId);
      let revoked = true;
      const grant = await store.load().catch((error: unknown) => {
        log.warn({ err: error }, 'Search Console tokens could not be opened; forgetting them');
        revoked = false;
        return null;
      });
      if (grant && google) {
        try {
          await google.oauth.revoke(grant.refreshToken);
        } catch (error) {
          if (!(error instanceof UpstreamError)) throw error;
          log.warn({ err: error }, 'Search Console grant could not be revoked');
          revoked = false;
        }
      }
      await store.forget();
      return revoked
        ? { success: true }
        : { success: true, notice: messages.googleGrantMayRemain('Google Search Console') };
    },

    /** The caller's properties; with a project, the ones its site falls under first. */
    async sites(caller: Caller, projectId: number | undefined): Promise<SearchConsoleSitesAnswer> {
      let projectSite: string | null = null;
      if (projectId !== undefined) {
        await getReadableProject(db, caller, projectId);
        projectSite = await state.projectSiteUrl(projectId);
      }
      const sites = await asPerson(caller.id, (client, token) => client.listSites(token));
      return { sites: sitesAnswer(sites, projectSite) };
    },

    /** Links one of the caller's readable properties to the project and starts its first fetch. */
    async link(caller: Caller, projectId: number, siteUrl: string): Promise<ProjectSearchConsole> {
      await getChangeableProject(db, caller, projectId);
      const sites = await asPerson(caller.id, (client, token) => client.listSites(token));
      const site = sites.find((candidate) => candidate.siteUrl === siteUrl);
      if (!site) throw new AppError('forbidden', messages.searchConsoleSiteNotYours);
      if (site.permissionLevel === 'siteUnverifiedUser') {
        throw new AppError('forbidden', messages.searchConsoleSiteUnverified);
      }
      await state.link(projectId, site.siteUrl, caller.id);
      await startFetch(caller, projectId, site.siteUrl);
      return readProjectSearchConsole(db, projectId);
    },

    async unlink(caller: Caller, projectId: number): Promise<void> {
      await getChangeableProject(db, caller, projectId);
      await state.unlink(projectId);
    },

    /** Fetches the linked property again with the caller's own grant; a fetch under way is answered as it is. */
    async refresh(caller: Caller, projectId: number): Promise<SearchConsoleImport> {
      await getChangeableProject(db, caller, projectId);
      configured();
      const link = await state.findLink(projectId);
      if (!link.siteUrl) throw new AppError('conflict', messages.searchConsoleNotLinked);
      if (!(await findSearchConsoleConnection(db, caller.id))) {
        throw new AppError('conflict', messages.searchConsoleRefreshNeedsOwnGrant(link.importedBy));
      }
      return importAnswer(await startFetch(caller, projectId, link.siteUrl));
    },
  };
}

export type SearchConsoleConnectionService = ReturnType<typeof createSearchConsoleConnectionService>;
