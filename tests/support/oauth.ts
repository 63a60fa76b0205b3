import { Events, OAuth2Server } from 'oauth2-mock-server';

/**
 * A real OAuth 2 authorization server on a local port (oauth2-mock-server): it issues codes at
 * /authorize, signed tokens at /token (checking PKCE) and answers /userinfo with the profile the
 * test chose.
 */
export async function startOAuthServer(port = 0) {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(port, '127.0.0.1');
  let profile: Record<string, unknown> = { sub: 'nobody' };
  server.service.on(Events.BeforeUserinfo, (response) => {
    response.body = profile;
    response.statusCode = 200;
  });
  const base = server.issuer.url!;
  return {
    url: base,
    /** SOCIAL_GOOGLE_* variables pointing the product's Google sign-in at this server. */
    env: (service = 'GOOGLE') => ({
      [`SOCIAL_${service}_CLIENT_ID`]: 'test-client',
      [`SOCIAL_${service}_CLIENT_SECRET`]: 'test-secret',
      [`SOCIAL_${service}_AUTHORIZE_URL`]: `${base}/authorize`,
      [`SOCIAL_${service}_TOKEN_URL`]: `${base}/token`,
      [`SOCIAL_${service}_USERINFO_URL`]: `${base}/userinfo`,
    }),
    /** Who the next sign-ins are at the provider. */
    signInAs(next: Record<string, unknown>) {
      profile = next;
    },
    stop: () => server.stop(),
  };
}
