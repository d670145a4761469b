/** The environment of a Keywright whose single sign-on goes to `issuer` (a loopback fake in tests). */
export function oidcEnv(issuer: string, timeoutSeconds: number): Record<string, string> {
  return {
    OIDC_ISSUER: issuer,
    OIDC_CLIENT_ID: 'keywright',
    OIDC_CLIENT_SECRET: 'keywright-secret',
    OIDC_PROVIDER_NAME: 'Test IdP',
    OIDC_TIMEOUT_SECONDS: String(timeoutSeconds),
  };
}
