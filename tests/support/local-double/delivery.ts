/**
 * One attempt to deliver one event to one webhook, with what the receiver answered. Each double
 * adds which of its webhooks it went to and how it was signed.
 */
export interface DeliveryAttempt {
  id: string;
  event: string;
  type: string;
  url: string;
  attempt: number;
  /** HTTP status of the receiver's answer; null when it could not be reached. */
  status: number | null;
  ok: boolean;
  error: string | null;
  /** Unix seconds (real time, as the signature's timestamp) when the attempt was made. */
  sent_at: number;
  duration_ms: number;
  /** The exact body sent, for replaying or tampering with a delivery by hand. */
  payload: string;
  response_body: string | null;
}

export interface SendOptions<R extends DeliveryAttempt> {
  /** The provider's headers: content type, user agent and signature. */
  headers: Record<string, string>;
  timeoutMs: number;
  /** Where the record is kept (the double's state). */
  store: { data: { deliveries: R[] }; changed(): void };
  log: (line: string) => void;
}

/**
 * POSTs the record's payload to its URL, fills the record in with the answer (or why there was
 * none), keeps it and logs it. True when the receiver accepted the event (2xx): redirects are not
 * followed, as the providers do not follow them.
 */
export async function sendDelivery<R extends DeliveryAttempt>(record: R, options: SendOptions<R>): Promise<boolean> {
  const started = Date.now();
  try {
    const response = await fetch(record.url, {
      method: 'POST',
      headers: options.headers,
      body: record.payload,
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    record.status = response.status;
    record.ok = response.status >= 200 && response.status < 300;
    record.response_body = (await response.text()).slice(0, 2000);
  } catch (error) {
    record.error = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
  }
  record.duration_ms = Date.now() - started;
  options.store.data.deliveries.push(record);
  options.store.changed();
  options.log(`webhook ${record.type} ${record.event} → ${record.url}: ${record.status ?? record.error} (attempt ${record.attempt})`);
  return record.ok;
}
