import { encodeLeftOut, endpoints, leftOutHeader } from '@keywright/contract';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../route';
import type { CampaignExportService } from './campaign-export.service';

export function registerCampaignExportRoutes(app: FastifyInstance, campaign: CampaignExportService): void {
  addRoute(app, endpoints.exportCampaign, async ({ user, params, body, reply }) => {
    const { fileName, stream, leftOut } = await campaign.exportCampaign(user, params.projectId, body);
    return reply
      .header(leftOutHeader, encodeLeftOut(leftOut))
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'no-store')
      .send(stream);
  });
}
