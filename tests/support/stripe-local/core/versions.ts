/**
 * Objects are kept in the shape of the current API version. Older versions (before
 * 2025-03-31.basil) read a few fields that basil moved; they are added back when a request or a
 * webhook endpoint asks for such a version, so an integration pinned to an old version still
 * sees what real Stripe would send it, and one on the current version does not see fields that
 * real Stripe no longer sends.
 */
const BASIL = '2025-03-31';

export function isBeforeBasil(version: string): boolean {
  return version.slice(0, 10) < BASIL;
}

export function adaptToVersion<T>(value: T, version: string): T {
  if (!isBeforeBasil(version)) return value;
  return walk(value) as T;
}

function walk(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(walk);
  if (!node || typeof node !== 'object') return node;
  const object = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, walk(value)])) as Record<string, unknown>;
  if (object.object === 'subscription') {
    const item = (object.items as { data: { current_period_start: number; current_period_end: number }[] } | undefined)?.data[0];
    object.current_period_start = item?.current_period_start ?? null;
    object.current_period_end = item?.current_period_end ?? null;
  }
  if (object.object === 'invoice') {
    const parent = object.parent as { subscription_details: { subscription: unknown } | null } | null;
    object.subscription = parent?.subscription_details?.subscription ?? null;
    object.paid = object.status === 'paid';
  }
  return object;
}
