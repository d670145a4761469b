import {
  constants,
  messages,
  type AnalyzeDocumentAnswer,
  type DriveFilesAnswer,
  type GoogleDisconnectAnswer,
  type GoogleDriveStatus,
} from '@keywright/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { DocumentInput } from '../../documents/analyze';
import { AppError, notFound } from '../../lib/errors';
import { UpstreamError } from '../../lib/http-client';
import { createSecretBox } from '../../lib/secret-box';
import { DriveNotConnectedError, withDriveAccess } from '../../providers/google-drive/drive-access';
import { createStateSigner, hashNonce } from '../../providers/google-oauth/oauth-state';
import {
  DriveFileNotFoundError,
  DriveUnauthorizedError,
  type GoogleDriveClient,
} from '../../providers/google-drive/google-drive-client';
import { driveGrantStore, hasDriveConnection, useOauthState } from './google-drive.repository';

/** The shared document analysis (documents/analyze): files in, details and each file's outcome out. */
export type AnalyzeDocuments = (files: DocumentInput[]) => Promise<AnalyzeDocumentAnswer>;

export interface GoogleDriveServiceDeps {
  db: Db;
  /** AUTH_SECRET: the tokens' key is derived from it. */
  secret: string;
  /** Null when Drive is not configured. */
  client: GoogleDriveClient | null;
  analyzeDocuments: AnalyzeDocuments;
  log: FastifyBaseLogger;
}

/** The settings that turn Drive import on (see the README), named to an administrator while they are unset. */
const driveSettings = ['GOOGLE_OAUTH_CLIENT_ID', 'GOOGLE_OAUTH_CLIENT_SECRET'];

export function createGoogleDriveService({ db, secret, client, analyzeDocuments, log }: GoogleDriveServiceDeps) {
  const box = createSecretBox(secret, 'google-drive-tokens');
  const states = createStateSigner(secret, 'google-drive-oauth-state');

  function configuredClient(): GoogleDriveClient {
    if (!client) throw new AppError('unavailable', messages.driveNotConfigured);
    return client;
  }

  /** Runs `use` with the person's access token; Drive's failures become the answers people read. */
  async function asPerson<T>(userId: string, use: (drive: GoogleDriveClient, token: string) => Promise<T>) {
    const drive = configuredClient();
    try {
      return await withDriveAccess(drive, driveGrantStore(db, box, userId), (token) => use(drive, token));
    } catch (error) {
      if (error instanceof DriveNotConnectedError || error instanceof DriveUnauthorizedError) {
        throw new AppError('conflict', messages.driveNotConnected);
      }
      if (error instanceof DriveFileNotFoundError) throw notFound();
      if (error instanceof UpstreamError) throw new AppError('upstream_error', error.message);
      throw error;
    }
  }

  return {
    /** The connection; to an administrator, while Drive is not set up, the settings that turn it on. */
    async getStatus(userId: string, isAdministrator: boolean): Promise<GoogleDriveStatus> {
      if (!client) return { authenticated: false, configured: false, ...(isAdministrator && { setup: driveSettings }) };
      return { authenticated: await hasDriveConnection(db, userId), configured: true };
    },

    /** Google's consent URL, with a single-use state bound to this person. */
    async startConnect(userId: string): Promise<string> {
      return configuredClient().authorizationUrl(states.create(userId, Date.now()));
    },

    /** Google's redirect: true when the tokens are kept; any failure is only logged. */
    async finishConnect(userId: string, query: { code?: string; state?: string; error?: string }): Promise<boolean> {
      if (!client || !query.state) return false;
      const state = states.verify(userId, query.state, Date.now());
      // The state is used up whatever else the redirect says, so it never serves twice.
      if (!state || !(await useOauthState(db, userId, hashNonce(state.nonce), new Date(state.expiresAt)))) {
        log.warn('Google Drive callback with an unknown, expired, used or foreign state');
        return false;
      }
      if (query.error || !query.code) return false;
      try {
        const grant = await client.exchangeCode(query.code);
        await driveGrantStore(db, box, userId).save(grant);
        return true;
      } catch (error) {
        if (!(error instanceof UpstreamError)) throw error;
        log.warn({ err: error }, 'Google Drive code exchange failed');
        return false;
      }
    },

    /** Forgets the tokens; revokes the grant at Google first, as far as Google answers. */
    /**
     * Forgets the tokens whatever Google answers; when Google could not revoke the grant (or the tokens
     * could not be opened to ask it), the answer says where the person removes it themselves.
     */
    async disconnect(userId: string): Promise<GoogleDisconnectAnswer> {
      const store = driveGrantStore(db, box, userId);
      let revoked = true;
      const grant = await store.load().catch((error: unknown) => {
        log.warn({ err: error }, 'Google Drive tokens could not be opened; forgetting them');
        revoked = false;
        return null;
      });
      if (grant && client) {
        try {
          await client.revoke(grant.refreshToken);
        } catch (error) {
          if (!(error instanceof UpstreamError)) throw error;
          log.warn({ err: error }, 'Google Drive grant could not be revoked');
          revoked = false;
        }
      }
      await store.forget();
      return revoked ? { success: true } : { success: true, notice: messages.googleGrantMayRemain('Google Drive') };
    },

    listFiles(userId: string, query: { search: string; pageToken: string }): Promise<DriveFilesAnswer> {
      return asPerson(userId, (drive, token) =>
        drive.listFiles(token, { ...query, pageSize: constants.driveFilesPageSize }),
      );
    },

    async analyzeFile(userId: string, fileId: string): Promise<AnalyzeDocumentAnswer> {
      const content = await asPerson(userId, (drive, token) => drive.readFile(token, fileId));
      // Google Docs and Slides arrive as exported text and are read as a .txt named after the file.
      if (content.kind === 'read') return analyzeDocuments([{ name: content.name, bytes: content.bytes }]);
      return analyzeDocuments([{ name: content.name, problem: content.kind }]);
    },
  };
}

export type GoogleDriveService = ReturnType<typeof createGoogleDriveService>;
