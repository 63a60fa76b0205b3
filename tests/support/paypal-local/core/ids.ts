import { randomBytes, randomUUID } from 'node:crypto';

const UPPER = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

function upper(length: number): string {
  let out = '';
  for (const byte of randomBytes(length)) out += UPPER[byte % UPPER.length];
  return out;
}

/** Ids shaped like PayPal's (opaque strings; these prefixes and lengths are what PayPal shows). */
export const newId = {
  product: () => `PROD-${upper(17)}`,
  plan: () => `P-${upper(24)}`,
  subscription: () => `I-${upper(12)}`,
  approvalToken: () => `BA-${upper(17)}`,
  event: () => `WH-${upper(17)}-${upper(17)}`,
  webhook: () => upper(17),
  transaction: () => upper(17),
  refund: () => upper(17),
  payer: () => upper(13),
  accessToken: () => `A21AA${randomBytes(48).toString('base64url')}`,
  transmission: () => randomUUID(),
  delivery: () => `whd_${upper(20)}`,
};
