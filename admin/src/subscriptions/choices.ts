export const STATUSES = [
  { id: 'active', name: 'Active' },
  { id: 'trialing', name: 'Trialing' },
  { id: 'past_due', name: 'Past due' },
  { id: 'cancelled', name: 'Cancelled' },
  { id: 'expired', name: 'Expired' },
];

export const GATEWAYS = [
  { id: 'none', name: 'None' },
  { id: 'stripe', name: 'Stripe' },
  { id: 'paypal', name: 'PayPal' },
];
