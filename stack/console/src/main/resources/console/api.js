// Every call the console makes goes through here, to the public API with the admin's token.

/** An API error in the Usergrid format, with a message in the admin's terms. */
export class ApiError extends Error {
  constructor(status, code, description) {
    super(description || code || `The server answered ${status}`);
    this.status = status;
    this.code = code;
    this.description = description;
  }

  /** What to tell the admin. */
  explain() {
    const detail = this.description || this.code || '';
    switch (this.status) {
      case 0:
        return 'The server cannot be reached. Check that Meridian is running, then try again.';
      case 401:
        return `You are not signed in, or your session has ended. ${detail}`.trim();
      case 403:
        return `You may not do this. ${detail}`.trim();
      case 404:
        return `Not found. ${detail}`.trim();
      case 409:
        return `This conflicts with what exists. ${detail}`.trim();
      case 413:
        return `This is too large. ${detail}`.trim();
      case 429:
        return `Too many requests just now; wait a moment and try again. ${detail}`.trim();
      default:
        if (this.status >= 500) {
          return `The server failed to do this (${this.status}). ${detail}`.trim();
        }
        return detail || `The request was refused (${this.status}).`;
    }
  }
}

/**
 * @param getToken returns the current access token, or null
 * @param onExpired called when the server says the token is no longer valid
 */
export function createApi(getToken, onExpired) {
  async function request(method, path, options = {}) {
    const url = new URL(path, window.location.origin);
    for (const [name, value] of Object.entries(options.query || {})) {
      if (value !== undefined && value !== null && value !== '') {
        url.searchParams.set(name, value);
      }
    }
    const headers = { Accept: options.accept || 'application/json', ...(options.headers || {}) };
    const token = getToken();
    if (token && !options.anonymous) {
      headers.Authorization = `Bearer ${token}`;
    }
    let body = options.body;
    if (body !== undefined && !(body instanceof FormData) && !(body instanceof Blob)) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(body);
    }
    let response;
    try {
      response = await fetch(url, { method, headers, body, signal: options.signal });
    } catch (error) {
      if (error.name === 'AbortError') {
        throw error;
      }
      throw new ApiError(0, 'unreachable', error.message);
    }
    if (response.ok && options.raw) {
      return response;
    }
    const text = await response.text();
    let json = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch (ignored) {
      json = null;
    }
    if (!response.ok) {
      const error = new ApiError(
        response.status,
        json && json.error,
        json && (json.error_description || json.message),
      );
      if (response.status === 401 && token && !options.anonymous) {
        onExpired(error);
      }
      throw error;
    }
    return json;
  }

  return {
    request,
    get: (path, options) => request('GET', path, options),
    post: (path, body, options = {}) => request('POST', path, { ...options, body }),
    put: (path, body, options = {}) => request('PUT', path, { ...options, body }),
    del: (path, options) => request('DELETE', path, options),
  };
}

/** The path of an application's collection or entity: segments are encoded. */
export function appPath(org, app, ...segments) {
  return '/' + [org, app, ...segments].map(encodeURIComponent).join('/');
}

/** The management path of an organization, or of one of its applications. */
export function orgPath(org, ...segments) {
  return '/management/orgs/' + [org, ...segments].map(encodeURIComponent).join('/');
}
