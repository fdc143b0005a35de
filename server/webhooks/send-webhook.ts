import { Webhook } from 'standardwebhooks';

const WEBHOOK_USER_AGENT = 'ordering-portal-webhooks/1';
/** how much of a refusing receiver's answer is kept as the delivery's last error */
const ANSWER_EXCERPT_CHARS = 300;

interface WebhookRequest {
  url: string;
  /** the event's id: the `webhook-id` a receiver recognises a repeated event by */
  eventId: string;
  /** the body, sent exactly as stored */
  payload: string;
  /** every secret that signs it (two while a rotated one still counts) */
  secrets: readonly string[];
  /** the `webhook-timestamp` */
  now: Date;
  timeoutMs: number;
  /** aborts the request early (a worker stopping) */
  signal?: AbortSignal;
}

/** One try: a 2xx answer is `ok`; otherwise the status (null without an answer) and why. */
export interface WebhookResult {
  ok: boolean;
  status: number | null;
  error: string | null;
  durationMs: number;
}

/** The Standard Webhooks headers of one request: one `v1,` signature per secret, space-separated. */
function webhookHeaders(request: Pick<WebhookRequest, 'eventId' | 'payload' | 'secrets' | 'now'>) {
  const signatures = request.secrets.map((secret) =>
    new Webhook(secret).sign(request.eventId, request.now, request.payload),
  );
  return {
    'content-type': 'application/json',
    'user-agent': WEBHOOK_USER_AGENT,
    'webhook-id': request.eventId,
    'webhook-timestamp': String(Math.floor(request.now.getTime() / 1000)),
    'webhook-signature': signatures.join(' '),
  };
}

/**
 * POSTs one signed event and reports how it went; it never throws. Redirects are not followed (a
 * receiver that moved answers 3xx, which is a failed try the staff see), and the timeout covers
 * the whole exchange, answer included.
 */
export async function sendWebhook(request: WebhookRequest): Promise<WebhookResult> {
  const started = performance.now();
  const timeout = AbortSignal.timeout(request.timeoutMs);
  const signal = request.signal ? AbortSignal.any([timeout, request.signal]) : timeout;
  const took = () => Math.round(performance.now() - started);
  try {
    const response = await fetch(request.url, {
      method: 'POST',
      headers: webhookHeaders(request),
      body: request.payload,
      redirect: 'manual',
      signal,
    });
    if (response.ok) {
      await response.body?.cancel();
      return { ok: true, status: response.status, error: null, durationMs: took() };
    }
    const excerpt = await answerExcerpt(response);
    const error = `HTTP ${response.status}${excerpt ? `: ${excerpt}` : ''}`;
    return { ok: false, status: response.status, error, durationMs: took() };
  } catch (error) {
    let reason = failureReason(error);
    if (timeout.aborted) reason = `No answer within ${request.timeoutMs} ms`;
    else if (request.signal?.aborted) reason = 'Stopped before an answer came (the server shut down)';
    return { ok: false, status: null, error: reason, durationMs: took() };
  }
}

/** The start of a refusal's body, on one line: often the receiver says why. */
async function answerExcerpt(response: Response): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const decoder = new TextDecoder();
  let text = '';
  try {
    while (text.length < ANSWER_EXCERPT_CHARS) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } catch {
    // the answer broke off: what came is enough
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > ANSWER_EXCERPT_CHARS ? `${line.slice(0, ANSWER_EXCERPT_CHARS)}…` : line;
}

/** fetch says only "fetch failed"; the cause names what happened (ECONNREFUSED, a TLS error …). */
function failureReason(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause;
  if (cause instanceof Error && cause.message) return cause.message;
  return error.message;
}
