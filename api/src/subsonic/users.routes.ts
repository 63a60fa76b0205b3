import { method, type Methods } from './respond.ts';
import { subsonicUser } from './users.service.ts';

export const userMethods: Methods = {
  getUser: method(false, async ({ deps, auth, params }) => ({ user: await subsonicUser(deps, auth, params.required('username')) })),
  // apiKeyAuthentication's call: whose key this is (with a password login, whose password).
  tokenInfo: method(false, async ({ auth }) => ({ tokenInfo: { username: auth.user!.email } })),
};
