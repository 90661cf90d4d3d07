/**
 * The page's only way to the server: same-origin JSON requests to /api/..., each failure turned into an
 * ApiError carrying the server's own message (and the field it names, for bad input).
 */

export class ApiError extends Error {
  /**
   * @param {string} message
   * @param {{ status?: number, field?: string | null, retryAfterSeconds?: number | null }} [details]
   */
  constructor(message, details = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = details.status ?? 0;
    this.field = details.field ?? null;
    this.retryAfterSeconds = details.retryAfterSeconds ?? null;
  }
}

/** @param {Response} response */
async function readBody(response) {
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return null;
  try {
    return await response.json();
  } catch {
    return null;
  }
}

/** @param {number} status */
function fallbackMessage(status) {
  switch (status) {
    case 404:
      return 'Not found.';
    case 413:
      return 'That input is too big to send.';
    case 429:
      return 'Too many questions at once.';
    case 503:
      return 'Grundy cannot answer right now; please try again in a moment.';
    default:
      return `The server answered ${status}.`;
  }
}

/**
 * @param {string} url
 * @param {RequestInit} [init]
 * @returns {Promise<{ status: number, body: any, headers: Headers }>}
 */
export async function request(url, init = {}) {
  let response;
  try {
    response = await fetch(url, { credentials: 'same-origin', ...init });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError('Grundy cannot be reached: check that `grundy serve` is still running.');
  }
  const body = await readBody(response);
  if (response.ok) return { status: response.status, body, headers: response.headers };
  const error = body && typeof body === 'object' ? body.error : undefined;
  let message = fallbackMessage(response.status);
  let field = null;
  if (typeof error === 'string') message = error;
  else if (error && typeof error.message === 'string') {
    message = error.message;
    field = typeof error.field === 'string' ? error.field : null;
  }
  const retryAfter = Number(response.headers.get('retry-after'));
  const retryAfterSeconds = Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null;
  if (response.status === 429 && retryAfterSeconds !== null && !/try again/i.test(message)) {
    message = `${message} Try again in ${retryAfterSeconds} s.`;
  }
  throw new ApiError(message, { status: response.status, field, retryAfterSeconds });
}

/**
 * @param {string} url
 * @param {AbortSignal} [signal]
 */
export function getJson(url, signal) {
  return request(url, { headers: { accept: 'application/json' }, signal });
}

/**
 * @param {string} url
 * @param {unknown} payload
 * @param {AbortSignal} [signal]
 */
export function postJson(url, payload, signal) {
  return request(url, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify(payload),
    signal,
  });
}

/** @param {number} ms @param {AbortSignal} [signal] */
function sleep(ms, signal) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

/**
 * Polls a job until it is done (resolving with its answer) or failed (rejecting with its message). Starts
 * quick and slows down, so a long job costs a request every two seconds at most.
 *
 * @param {string} url
 * @param {(state: { status: string, progress: number | null }) => void} onState
 * @param {AbortSignal} [signal]
 */
export async function waitForJob(url, onState, signal) {
  let delay = 250;
  for (;;) {
    let job;
    try {
      job = (await getJson(url, signal)).body;
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 429) throw error;
      await sleep((error.retryAfterSeconds ?? 2) * 1000, signal);
      continue;
    }
    if (job?.status === 'done') return job.answer;
    if (job?.status === 'failed') {
      throw new ApiError(job.error?.message ?? 'The question could not be answered.', { status: 200 });
    }
    onState({
      status: String(job?.status ?? 'queued'),
      progress: typeof job?.progress === 'number' ? job.progress : null,
    });
    await sleep(delay, signal);
    delay = Math.min(2000, Math.round(delay * 1.5));
  }
}
