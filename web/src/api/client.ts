// The one typed API client. Every call goes through here so that the token is attached and
// a 401 signs the user out in exactly one place (spec section 4, "Session").
import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from './schema';
import { clearSession, getSession } from './session';

/** A non-2xx answer. `serverMessage` is the server's `{ message }` when it sent one. */
export class ApiError extends Error {
  readonly status: number;
  readonly serverMessage: string | null;

  constructor(status: number, body: unknown) {
    const serverMessage = messageOf(body);
    super(serverMessage ?? `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
  }
}

function messageOf(body: unknown): string | null {
  if (typeof body === 'object' && body !== null && 'message' in body) {
    const { message } = body;
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return null;
}

const authMiddleware: Middleware = {
  onRequest({ request }) {
    const session = getSession();
    if (session !== null) request.headers.set('Authorization', `Bearer ${session.token}`);
    return request;
  },
  onResponse({ response }) {
    // Any 401 means the token is gone (expired, revoked, user deleted): sign out. The session
    // store notifies the router, whose guard then shows /login.
    if (response.status === 401) clearSession();
    return response;
  },
};

export const api = createClient<paths>({
  baseUrl: typeof window === 'undefined' ? '' : window.location.origin,
  // Looked up per call rather than captured once, so test doubles that patch fetch are seen.
  fetch: (request) => globalThis.fetch(request),
});
api.use(authMiddleware);

interface FetchResult {
  data?: unknown;
  error?: unknown;
  response: Response;
}

/** Turns an openapi-fetch result into its data or a thrown ApiError. */
export async function unwrap<R extends FetchResult>(call: Promise<R>): Promise<NonNullable<R['data']>> {
  const result = await call;
  if (result.error !== undefined || !result.response.ok) {
    throw new ApiError(result.response.status, result.error);
  }
  return result.data as NonNullable<R['data']>;
}
