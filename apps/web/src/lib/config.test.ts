import { publicConfigSchema } from '@keywright/contract';
import { describe, expect, it } from 'vitest';
import { isApiError } from './api-error';
import { readPublicConfig } from './config';

const answer = {
  appName: 'Keywright',
  contactEmail: 'hello@keywright.local',
  sso: { enabled: true, providerId: 'oidc', label: 'Acme SSO' },
  metricsSource: 'estimate',
};

describe('readPublicConfig', () => {
  it('reads what the contract schema reads (the hand check must not drift from it)', () => {
    expect(readPublicConfig(answer)).toEqual(publicConfigSchema.parse(answer));
    expect(readPublicConfig({ ...answer, extra: 1 })).toEqual(publicConfigSchema.parse({ ...answer, extra: 1 }));
    for (const metricsSource of ['google-ads', null]) {
      expect(readPublicConfig({ ...answer, metricsSource })).toEqual(
        publicConfigSchema.parse({ ...answer, metricsSource }),
      );
    }
  });

  it('rejects what the contract schema rejects', () => {
    const broken = [
      null,
      {},
      { ...answer, appName: 1 },
      { ...answer, sso: { enabled: 'yes' } },
      { ...answer, sso: null },
      { ...answer, metricsSource: 'bing' },
      { ...answer, metricsSource: undefined },
    ];
    for (const value of broken) {
      expect(publicConfigSchema.safeParse(value).success).toBe(false);
      let thrown: unknown;
      try {
        readPublicConfig(value);
      } catch (error) {
        thrown = error;
      }
      expect(isApiError(thrown) && thrown.code === 'invalid_response').toBe(true);
    }
  });
});
