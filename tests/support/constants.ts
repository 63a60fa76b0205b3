/**
 * Ports of the e2e run. E2E_PORT moves them all, so that two checkouts on one machine can run
 * their browser tests at the same time.
 */
export const E2E_PORT = Number(process.env.E2E_PORT || 3917);
export const E2E_ADMIN = { email: 'admin@example.com', password: 'e2e-admin-password' };
/** The e2e server sends mail here; a spec that reads mail starts an SMTP server on this port. */
export const E2E_SMTP_PORT = E2E_PORT + 8;
/** The e2e server signs in with Google through a local OAuth 2 server on this port. */
export const E2E_OAUTH_PORT = E2E_PORT + 9;
/** The e2e server's payments go to a stripe-local server on this port, which signs its webhooks with this secret. */
export const E2E_STRIPE_PORT = E2E_PORT + 10;
export const E2E_STRIPE_WEBHOOK_SECRET = 'whsec_e2e_stripe_local';
/** The e2e server's PayPal calls go to a paypal-local server on this port. */
export const E2E_PAYPAL_PORT = E2E_PORT + 11;
