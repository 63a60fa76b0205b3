import type Stripe from 'stripe';
import type { Route, StripeLocal } from '../core/app.ts';
import { newId } from '../core/ids.ts';

/** The SetupIntent behind a setup-mode Checkout Session (how a customer saves a new card). */
export function createSetupIntent(app: StripeLocal, customer: string | null, metadata: Stripe.Metadata, description: string | null): Stripe.SetupIntent {
  const id = newId.long('seti');
  const setupIntent: Stripe.SetupIntent = {
    id,
    object: 'setup_intent',
    allowed_payment_method_types: null,
    application: null,
    automatic_payment_methods: null,
    cancellation_reason: null,
    client_secret: newId.clientSecret(id),
    created: app.now(),
    customer,
    description,
    excluded_payment_method_types: null,
    flow_directions: null,
    last_setup_error: null,
    latest_attempt: null,
    livemode: false,
    mandate: null,
    metadata,
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_configuration_details: null,
    payment_method_options: null,
    payment_method_types: ['card'],
    single_use_mandate: null,
    status: 'requires_payment_method',
    usage: 'off_session',
  };
  return app.store.insert('setup_intent', setupIntent);
}

export const setupIntentRoutes: Route[] = [
  { method: 'GET', path: '/v1/setup_intents/:id', handler: (ctx) => ctx.app.store.require('setup_intent', ctx.path.id, 'id', 'setupintent') },
];
