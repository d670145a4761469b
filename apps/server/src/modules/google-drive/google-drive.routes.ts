import { endpoints } from '@keywright/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { administratorCheck } from '../../auth/administrators';
import { analyzeDocuments } from '../../documents/analyze';
import type { ExtractionPool } from '../../documents/extraction-pool';
import type { Env } from '../../env';
import { addRoute } from '../route';
import type { Providers } from '../../providers';
import { createGoogleDriveService } from './google-drive.service';

export interface GoogleDriveRoutesDeps {
  db: Db;
  env: Env;
  providers: Providers;
  /** The app's document readers, shared with uploads. */
  documentPool: ExtractionPool;
}

/** Where Google's redirect sends the person back: the generator, saying how the connection went. */
const connectedPage = '/keyword-generation?google=connected';
const failedPage = '/keyword-generation?error=auth_failed';

export async function registerGoogleDriveRoutes(app: FastifyInstance, deps: GoogleDriveRoutesDeps): Promise<void> {
  const drive = createGoogleDriveService({
    db: deps.db,
    secret: deps.env.AUTH_SECRET,
    client: deps.providers.googleDrive,
    analyzeDocuments: (files) =>
      analyzeDocuments(files, { detailsExtractor: deps.providers.detailsExtractor, pool: deps.documentPool }),
    log: app.log,
  });

  const isAdministrator = administratorCheck(deps.env.ADMIN_EMAILS);
  addRoute(app, endpoints.googleDriveStatus, ({ user }) => drive.getStatus(user.id, isAdministrator(user.email)));

  addRoute(app, endpoints.googleDriveConnect, async ({ user, reply }) => {
    const url = await drive.startConnect(user.id);
    reply.header('cache-control', 'no-store');
    return reply.redirect(url, 302) as never;
  });

  addRoute(app, endpoints.googleDriveCallback, async ({ user, query, reply, request }) => {
    let connected = false;
    try {
      connected = await drive.finishConnect(user.id, query);
    } catch (error) {
      // Never a raw error page on the way back from Google: the generator says it failed.
      request.log.error({ err: error }, 'Google Drive callback failed');
    }
    reply.header('cache-control', 'no-store');
    return reply.redirect(connected ? connectedPage : failedPage, 302) as never;
  });

  addRoute(app, endpoints.googleDriveDisconnect, ({ user }) => drive.disconnect(user.id));

  addRoute(app, endpoints.googleDriveFiles, ({ user, query }) => drive.listFiles(user.id, query));

  addRoute(app, endpoints.googleDriveAnalyze, ({ user, params }) => drive.analyzeFile(user.id, params.fileId));
}
