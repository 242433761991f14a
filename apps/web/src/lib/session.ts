/**
 * The session token, kept in a cookie named `token` so that it survives reloads and is shared by
 * the tabs of one browser. It is sent as a bearer token; the server never reads the cookie.
 */
const COOKIE_NAME = 'token';
const MAX_AGE_SECONDS = 60 * 60 * 24 * 30;

function readCookie(): string | null {
  for (const part of document.cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === COOKIE_NAME) {
      const value = decodeURIComponent(rest.join('='));
      return value === '' ? null : value;
    }
  }
  return null;
}

function writeCookie(value: string, maxAgeSeconds: number) {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the session cookie is set by the client on purpose.
  document.cookie = `${COOKIE_NAME}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Strict${secure}`;
}

/** The current token; read from the cookie each time so that other tabs' changes are seen. */
export function getToken(): string | null {
  return readCookie();
}

export function setToken(token: string) {
  writeCookie(token, MAX_AGE_SECONDS);
}

export function clearToken() {
  writeCookie('', 0);
}
