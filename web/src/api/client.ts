// The one typed API client. Every call goes through here so that the token is attached and
// a 401 (an expired or revoked session) signs the user out in exactly one place.
import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from './schema';
import { clearSession, getSession } from './session';

/** A non-2xx answer. `serverMessage` is the server's `{ message }` when it sent one. */
export class ApiError extends Error {
  readonly status: number;
  readonly serverMessage: string | null;
  /** The parsed error body (a 409's details, …), or null. */
  readonly body: unknown;

  constructor(status: number, body: unknown) {
    const serverMessage = messageOf(body);
    super(serverMessage ?? `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
    this.body = body ?? null;
  }
}

function messageOf(body: unknown): string | null {
  if (typeof body === 'object' && body !== null && 'message' in body) {
    const { message } = body;
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return null;
}

function withToken(request: Request): Request {
  const session = getSession();
  if (session !== null) request.headers.set('Authorization', `Bearer ${session.token}`);
  return request;
}

function signOutOn401(response: Response): Response {
  // Any 401 means the token is gone (expired, revoked, user deleted): sign out. The session
  // store notifies the router, whose guard then shows /login.
  if (response.status === 401) clearSession();
  return response;
}

const authMiddleware: Middleware = {
  onRequest: ({ request }) => withToken(request),
  onResponse: ({ response }) => signOutOn401(response),
};

const baseUrl = typeof window === 'undefined' ? '' : window.location.origin;

export const api = createClient<paths>({
  baseUrl,
  // Looked up per call rather than captured once, so test doubles that patch fetch are seen.
  fetch: (request) => globalThis.fetch(request),
});
api.use(authMiddleware);

/**
 * The review link's calls (`/api/review/{token}/…`), whose path token is the customer's
 * credential. They carry a signed-in customer's session (a customer's own link needs it, the links
 * staff send ignore it) and never a staff member's (staff opening a customer's link stay anonymous
 * there); a 401 signs nobody out.
 */
export const reviewApi = createClient<paths>({
  baseUrl,
  fetch: (request) => globalThis.fetch(request),
});
reviewApi.use({
  onRequest: ({ request }) => (getSession()?.user_object.role === 'customer' ? withToken(request) : request),
});

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

/**
 * POSTs a multipart body reporting upload progress (0–1), which fetch cannot do. Same token,
 * 401 and error handling as the other calls. Answers the parsed JSON body.
 */
export function uploadWithProgress<T>(path: string, body: FormData, onProgress: (fraction: number) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${baseUrl}${path}`);
    const session = getSession();
    if (session !== null) xhr.setRequestHeader('Authorization', `Bearer ${session.token}`);
    xhr.responseType = 'text';
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      if (xhr.status === 401) clearSession();
      let parsed: unknown;
      try {
        parsed = xhr.responseText === '' ? null : JSON.parse(xhr.responseText);
      } catch {
        parsed = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(parsed as T);
      else reject(new ApiError(xhr.status, parsed));
    });
    xhr.addEventListener('error', () => reject(new TypeError(`Upload to ${path} failed`)));
    xhr.send(body);
  });
}

/** One page of a list and how many rows match its filters in all. */
export interface Page<T> {
  rows: T[];
  /** How many rows come before these. */
  offset: number;
  total: number;
}

/**
 * A list call's page with the total from its `X-Total-Count` header. Without the header the
 * page is taken as the end of the list.
 */
export async function unwrapPage<T>(
  call: Promise<{ data?: T[]; error?: unknown; response: Response }>,
  offset: number,
): Promise<Page<T>> {
  const result = await call;
  const rows = await unwrap(Promise.resolve(result));
  const header = result.response.headers.get('X-Total-Count');
  return { rows, offset, total: header === null ? offset + rows.length : Number(header) };
}

/** Every row of a list, page after page of the largest size (for pickers that offer them all). */
export async function allPages<T>(fetchPage: (offset: number, limit: number) => Promise<Page<T>>): Promise<T[]> {
  const limit = 200;
  const rows: T[] = [];
  for (;;) {
    const page = await fetchPage(rows.length, limit);
    rows.push(...page.rows);
    if (page.rows.length === 0 || rows.length >= page.total) return rows;
  }
}

