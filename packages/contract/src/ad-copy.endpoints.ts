import { z } from 'zod';
import { idParamsSchema } from './common';
import { adBriefSchema, adCopyInputSchema, adCopySchema, adsEditorExportInputSchema } from './ad-copy';
import { define, err } from './endpoint';

/** Ad copy: a list's brief and Ads Editor file, headlines and descriptions. */
export const adCopyEndpoints = {
  keywordListAdBrief: define({
    method: 'GET',
    path: '/api/keyword-lists/:id/ad-brief',
    summary:
      "What a list's ads are written from: up to 1,000 of its keywords (most searched first) and its project's facts; 400 for a list without a project",
    auth: true,
    params: idParamsSchema,
    response: { 200: adBriefSchema, 400: err, 401: err, 404: err },
  }),
  exportGoogleAdsEditor: define({
    method: 'POST',
    path: '/api/keyword-lists/:id/google-ads-editor',
    summary:
      "The list as a Google Ads Editor CSV: one ad group with its keywords (one match type, Max CPC from the high top-of-page bid), one responsive search ad, and its project's chosen negative lists as campaign negatives (negativeListIds as for the campaign export). Keywords and negatives beyond Google Ads' limits (80 characters, 10 words) are left out, and the x-left-out header lists them (exportLeftOutSchema as percent-encoded JSON)",
    auth: true,
    params: idParamsSchema,
    body: adsEditorExportInputSchema,
    response: { 200: z.string().describe('text/csv'), 400: err, 401: err, 404: err },
  }),
  generateHeadlines: define({
    method: 'POST',
    path: '/api/generate-headlines',
    summary: 'Twenty ad headlines (at most 30 characters each) as a CSV file with their character counts',
    auth: true,
    body: adCopyInputSchema,
    response: { 200: z.string().describe('text/csv'), 400: err, 401: err, 502: err },
  }),
  generateDescriptions: define({
    method: 'POST',
    path: '/api/generate-descriptions',
    summary: 'Twenty ad descriptions (at most 90 characters each) as a CSV file with their character counts',
    auth: true,
    body: adCopyInputSchema,
    response: { 200: z.string().describe('text/csv'), 400: err, 401: err, 502: err },
  }),
  adCopy: define({
    method: 'POST',
    path: '/api/ad-copy',
    summary: 'Twenty headlines and twenty descriptions as JSON, for the ad preview (the same writer as the CSV calls)',
    auth: true,
    body: adCopyInputSchema,
    response: { 200: adCopySchema, 400: err, 401: err, 502: err },
  }),
} as const;
