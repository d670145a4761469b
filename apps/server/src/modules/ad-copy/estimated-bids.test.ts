import { buildPath, endpoints } from '@keywright/contract';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { buildKeyword } from '../../../test/factories/keywords';
import { buildKeywordList } from '../../../test/factories/keyword-lists';
import { buildProject } from '../../../test/factories/projects';
import { buildUser } from '../../../test/factories/users';
import { request } from '../../../test/harness';
import { useTestContext } from '../../../test/support/test-context';
import { createEstimateMetricsProvider } from '../../providers/metrics/estimate';

// Issue 24: a Google Ads Editor file writes no estimated bid as Max CPC unless the person asks for it.
const ctx = useTestContext({ app: { providers: { metrics: createEstimateMetricsProvider() } } });

const headlines = ['Physio in Leeds', 'Back Pain Physio', 'Book Online Today'];
const descriptions = ['Physiotherapy for back pain in Leeds.', 'Sports injuries treated by experts.'];

describe('POST /api/keyword-lists/:id/google-ads-editor with estimated bids', () => {
  it('leaves Max CPC empty for estimated bids by default, and writes them when asked', async () => {
    const owner = await buildUser(ctx);
    const project = await buildProject(ctx, { owner, country: 'United Kingdom', city: 'Leeds' });
    const keyword = await buildKeyword(ctx, { as: owner, projectId: project.id, keyword: 'physiotherapy leeds' });
    const list = await buildKeywordList(ctx, { owner, projectId: project.id, keywordIds: [keyword.id] });
    const loaded = await request(ctx, owner, {
      method: 'POST',
      url: buildPath(endpoints.keywordListMetrics.path, { id: list.id }),
      payload: {},
    });
    expect(loaded.statusCode, loaded.body).toBe(200);

    const exportFile = async (overrides: object) => {
      const response = await request(ctx, owner, {
        method: endpoints.exportGoogleAdsEditor.method,
        url: buildPath(endpoints.exportGoogleAdsEditor.path, { id: list.id }),
        payload: {
          campaign: 'Motion Physio',
          adGroup: 'Physio',
          finalUrl: 'https://motionphysio.example.co.uk',
          headlines,
          descriptions,
          ...overrides,
        },
      });
      expect(response.statusCode, response.body).toBe(200);
      const rows = parse(response.body.replace(/^\ufeff/, ''), { columns: true }) as Array<Record<string, string>>;
      return rows.find((row) => row.Keyword === 'physiotherapy leeds')!['Max CPC'];
    };

    expect(await exportFile({})).toBe('');
    expect(await exportFile({ includeMaxCpc: true, useEstimatedBids: false })).toBe('');
    expect(await exportFile({ useEstimatedBids: true })).toMatch(/^\d+\.\d{2}$/);
    expect(await exportFile({ includeMaxCpc: false, useEstimatedBids: true })).toBe('');
  });
});
