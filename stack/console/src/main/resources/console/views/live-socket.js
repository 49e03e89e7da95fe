// The Live view's watch: the application's real-time WebSocket (docs/realtime.md), one
// subscription to a collection or a query, and when the socket drops, a new one after 1, 2, 5
// then every 10 seconds, on any node, resuming after the last event received so nothing is
// missed. A browser cannot set headers on a WebSocket, so the token goes in the upgrade's
// access_token parameter.

const EVENTS = ['create', 'update', 'delete', 'enter', 'leave', 'device_event'];
const RETRY_MILLIS = [1000, 2000, 5000, 10000];

/** The URL of the application's real-time socket, the token in its query. */
export function socketUrl(org, app, token) {
  const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  const path = `/${encodeURIComponent(org)}/${encodeURIComponent(app)}/_realtime`;
  const query = token ? `?access_token=${encodeURIComponent(token)}` : '';
  return `${scheme}//${window.location.host}${path}${query}`;
}

/**
 * A watch of what start({collection, ql}) names, until stop(final). `url()` gives the socket's
 * URL at each connection. `onstate(name, detail)` hears the connection's state (idle,
 * connecting, open, watching, retrying, closed: the last two after stop()), `onevent(msg)` each
 * event, and `onnote(text, kind)` what the admin should know, or `onnote(null)` once a note about
 * the connection no longer holds.
 */
export function watch(url, { onstate, onevent, onnote }) {
  let socket = null;
  let watching = null; // {collection, ql} while the admin wants events
  let lastSeq = null;
  let attempt = 0;
  let retryTimer = null;

  function subscribe() {
    const request = {
      op: 'subscribe',
      id: 'watch',
      collection: watching.collection,
      events: EVENTS,
    };
    if (watching.ql) {
      request.ql = watching.ql;
    }
    if (lastSeq !== null) {
      request.resume = lastSeq;
    }
    socket.send(JSON.stringify(request));
  }

  function receive(frame) {
    let msg;
    try {
      msg = JSON.parse(frame.data);
    } catch (ignored) {
      return;
    }
    switch (msg.op) {
      case 'subscribed':
        if (attempt) {
          onnote(null);
        }
        attempt = 0;
        if (lastSeq === null) {
          lastSeq = msg.seq;
        }
        onstate(
          'watching',
          ` ${watching.collection}` +
            (watching.ql ? ` where the query selects: ${watching.ql}.` : '.'),
        );
        break;
      case 'event':
        lastSeq = msg.seq;
        onevent(msg);
        break;
      case 'reset':
        lastSeq = msg.seq;
        onnote(
          'The connection was away longer than the server keeps events: some were missed. ' +
            'Events are shown again from now.',
          'warning',
        );
        break;
      case 'error':
        onnote(explainRealtime(msg), 'error');
        if (msg.id === 'watch') {
          stop('closed');
        }
        break;
      default:
        break;
    }
  }

  function retry() {
    const delay = RETRY_MILLIS[Math.min(attempt, RETRY_MILLIS.length - 1)];
    attempt += 1;
    onstate('retrying', ` in ${Math.round(delay / 1000)} s; missed events will follow.`);
    retryTimer = setTimeout(() => watching && connect(), delay);
  }

  function connect() {
    onstate(attempt ? 'retrying' : 'connecting', attempt ? ` (attempt ${attempt + 1})…` : '');
    let opened;
    try {
      opened = new WebSocket(url());
    } catch (error) {
      onnote(`The socket cannot be opened: ${error.message}`, 'error');
      retry();
      return;
    }
    socket = opened;
    opened.addEventListener('open', () => {
      if (socket === opened) {
        onstate('open');
        subscribe();
      }
    });
    opened.addEventListener('message', (frame) => socket === opened && receive(frame));
    opened.addEventListener('close', (closing) => {
      if (socket !== opened) {
        return;
      }
      socket = null;
      if (!watching) {
        return;
      }
      if (closing.code === 4001) {
        onnote(
          'Your session is no longer valid, so the server closed the socket. Sign in again.',
          'error',
        );
        stop('closed');
        return;
      }
      if (closing.code === 1009) {
        onnote('The server closed the socket: a message was too large.', 'error');
        stop('closed');
        return;
      }
      retry();
    });
  }

  /** Stops watching: the socket is closed and no reconnection follows. */
  function stop(final = 'closed') {
    watching = null;
    clearTimeout(retryTimer);
    if (socket) {
      const closing = socket;
      socket = null;
      closing.close(1000, 'stopped');
    }
    onstate(final);
  }

  /** Watches `what` ({collection, ql}) from now, in place of what was watched. */
  function start(what) {
    stop('idle');
    watching = what;
    lastSeq = null;
    attempt = 0;
    connect();
  }

  return { start, stop };
}

/** A real-time error in the admin's terms. */
export function explainRealtime(msg) {
  const detail = msg.error_description || '';
  switch (msg.error) {
    case 'forbidden':
    case 'unauthorized':
      return `You may not watch this collection. ${detail}`.trim();
    case 'too_many_subscriptions':
      return 'This connection watches too many things already.';
    case 'rate_limited':
      return 'Too many messages on this connection just now; wait a moment.';
    default:
      return detail || `The server refused this (${msg.error}).`;
  }
}
