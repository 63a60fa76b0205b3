import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

function randomChars(length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const byte of bytes) out += ALPHABET[byte % ALPHABET.length];
  return out;
}

/** Ids shaped like Stripe's, which are opaque strings with a type prefix (max 255 characters). */
export const newId = {
  /** Objects whose ids are short in Stripe (`cus_NffrFeUfNV2Hib`). */
  short: (prefix: 'cus' | 'prod' | 'si' | 'req') => `${prefix}_${randomChars(14)}`,
  /** Objects with the long form (`sub_1MowQVLkdIwHu7ixeRlqHVzs`). */
  long: (prefix: 'price' | 'pm' | 'seti' | 'sub' | 'in' | 'il' | 'ii' | 'cn' | 'cnli' | 're' | 'evt' | 'we' | 'upcoming_in') => `${prefix}_1${randomChars(23)}`,
  checkoutSession: () => `cs_test_${randomChars(58)}`,
  webhookSecret: () => `whsec_${randomChars(32)}`,
  clientSecret: (id: string) => `${id}_secret_${randomChars(24)}`,
  invoicePrefix: () => randomBytes(4).toString('hex').toUpperCase(),
  random: randomChars,
};
