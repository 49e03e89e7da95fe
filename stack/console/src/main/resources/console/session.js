// The signed-in admin: the access token, when it expires, and who it stands for. Kept in
// sessionStorage (gone when the tab closes), never a client secret.
const KEY = 'meridian.console.session';

export function load() {
  try {
    const saved = JSON.parse(sessionStorage.getItem(KEY));
    if (saved && saved.token && saved.expiresAt > Date.now()) {
      return saved;
    }
  } catch (ignored) {
    // a damaged entry is no session
  }
  sessionStorage.removeItem(KEY);
  return null;
}

/** Keeps the answer of POST /management/token. */
export function save(reply) {
  const user = reply.user || {};
  const session = {
    token: reply.access_token,
    expiresAt: Date.now() + reply.expires_in * 1000,
    username: user.username,
    superuser: user.superuser === true,
    organizations: Object.keys(user.organizations || {}).sort(),
  };
  sessionStorage.setItem(KEY, JSON.stringify(session));
  return session;
}

export function clear() {
  sessionStorage.removeItem(KEY);
}
