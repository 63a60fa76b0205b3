import { msg } from '../i18n/messages.ts';

export const STATUSES = [
  { id: 'active', name: msg('Active') },
  { id: 'trialing', name: msg('Trialing') },
  { id: 'past_due', name: msg('Past due') },
  { id: 'cancelled', name: msg('Cancelled') },
  { id: 'expired', name: msg('Expired') },
];

export const GATEWAYS = [
  { id: 'none', name: msg('None') },
  { id: 'stripe', name: msg('Stripe') },
  { id: 'paypal', name: msg('PayPal') },
];
