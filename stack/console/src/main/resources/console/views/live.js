// Live: watch a collection, or the entities a query selects, as they change, through the
// real-time WebSocket of the application (docs/realtime.md). A browser cannot set headers on a
// WebSocket, so the admin's token goes in the upgrade's access_token parameter. A dropped socket
// is opened again and the subscription resumed after the last event shown, so nothing is missed.
import { field, h, message, replace, stylesheet, time } from '../ui.js';

/** At most this many events stay on the page (the oldest go first). */
export const MAX_EVENTS = 500;

const EVENTS = ['create', 'update', 'delete', 'enter', 'leave', 'device_event'];
const RETRY_MILLIS = [1000, 2000, 5000, 10000];
const STATES = {
  idle: 'Not watching.',
  connecting: 'Connecting…',
  open: 'Connected, subscribing…',
  watching: 'Watching',
  retrying: 'Connection lost; reconnecting',
  closed: 'Closed.',
};

/** The URL of the application's real-time socket, the token in its query. */
export function socketUrl(org, app, token) {
  const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  const path = `/${encodeURIComponent(org)}/${encodeURIComponent(app)}/_realtime`;
  const query = token ? `?access_token=${encodeURIComponent(token)}` : '';
  return `${scheme}//${window.location.host}${path}${query}`;
}

/** What an event is about: the entity after it, else the one before (a delete). */
function subject(event) {
  return event.entity || event.previous || {};
}

function describe(event) {
  if (event.event === 'device_event') {
    return event.text !== undefined ? event.text : JSON.stringify(event.payload);
  }
  const changed = event.previous && event.entity ? changes(event.previous, event.entity) : [];
  return changed.length ? `changed ${changed.join(', ')}` : '';
}

/** The names of the properties a write changed (its metadata aside). */
function changes(before, after) {
  const skip = new Set(['modified', 'metadata']);
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names]
    .filter((name) => !skip.has(name))
    .filter((name) => JSON.stringify(before[name]) !== JSON.stringify(after[name]))
    .sort();
}

export async function render(ctx) {
  const { org, app } = ctx;
  stylesheet('views/live.css');
  const collection = h('input', {
    name: 'collection',
    required: true,
    autocomplete: 'off',
    placeholder: 'trucks',
    value: ctx.query.get('collection') || '',
  });
  const ql = h('input', {
    name: 'ql',
    autocomplete: 'off',
    class: 'wide',
    placeholder: "select * where status = 'active'",
    value: ctx.query.get('ql') || '',
  });
  const start = h('button', { type: 'submit', class: 'primary' }, 'Start');
  const stop = h('button', { type: 'button', disabled: true }, 'Stop');
  const clear = h('button', { type: 'button' }, 'Clear events');
  const state = h('p', { class: 'live-state', role: 'status', 'aria-live': 'polite' });
  const problems = h('div', { class: 'form-errors' });
  const count = h('p', { class: 'hint' });
  const rows = h('tbody');
  const list = h(
    'table',
    { class: 'grid live-events' },
    h('caption', {}, `Events, newest first (the last ${MAX_EVENTS} are kept)`),
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        ['Time', 'Event', 'UUID', 'Name', 'Detail'].map((label) =>
          h('th', { scope: 'col' }, label),
        ),
      ),
    ),
    rows,
  );

  let socket = null;
  let watching = null; // {collection, ql} while the admin wants events
  let lastSeq = null;
  let attempt = 0;
  let retryTimer = null;
  let shown = 0;

  function setState(name, detail) {
    state.dataset.state = name;
    replace(state, h('span', { class: `badge ${name}` }, name), ' ', STATES[name], detail || '');
  }

  function show(event) {
    const entity = subject(event);
    const row = h(
      'tr',
      { class: `event-${event.event}` },
      h('td', {}, time(Date.now())),
      h('td', {}, h('span', { class: `badge op-${event.event}` }, event.event)),
      h('td', {}, h('code', {}, entity.uuid || '')),
      h('td', {}, event.device || entity.name || ''),
      h('td', {}, describe(event)),
    );
    rows.insertBefore(row, rows.firstChild);
    while (rows.childElementCount > MAX_EVENTS) {
      rows.lastElementChild.remove();
    }
    shown += 1;
    replace(count, `${shown} event${shown === 1 ? '' : 's'} received.`);
  }

  function note(text, kind = 'info') {
    replace(problems, message(text, kind));
  }

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
          problems.replaceChildren();
        }
        attempt = 0;
        if (lastSeq === null) {
          lastSeq = msg.seq;
        }
        setState(
          'watching',
          ` ${watching.collection}` +
            (watching.ql ? ` where the query selects: ${watching.ql}.` : '.'),
        );
        break;
      case 'event':
        lastSeq = msg.seq;
        show(msg);
        break;
      case 'reset':
        lastSeq = msg.seq;
        note(
          'The connection was away longer than the server keeps events: some were missed. ' +
            'Events are shown again from now.',
          'warning',
        );
        break;
      case 'error':
        note(explainRealtime(msg), 'error');
        if (msg.id === 'watch') {
          finish('closed');
        }
        break;
      default:
        break;
    }
  }

  function retry() {
    const delay = RETRY_MILLIS[Math.min(attempt, RETRY_MILLIS.length - 1)];
    attempt += 1;
    setState('retrying', ` in ${Math.round(delay / 1000)} s; missed events will follow.`);
    retryTimer = setTimeout(() => watching && connect(), delay);
  }

  function connect() {
    setState(attempt ? 'retrying' : 'connecting', attempt ? ` (attempt ${attempt + 1})…` : '');
    let opened;
    try {
      opened = new WebSocket(socketUrl(org, app, ctx.session.token));
    } catch (error) {
      note(`The socket cannot be opened: ${error.message}`, 'error');
      retry();
      return;
    }
    socket = opened;
    opened.addEventListener('open', () => {
      if (socket === opened) {
        setState('open');
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
        note(
          'Your session is no longer valid, so the server closed the socket. Sign in again.',
          'error',
        );
        finish('closed');
        return;
      }
      if (closing.code === 1009) {
        note('The server closed the socket: a message was too large.', 'error');
        finish('closed');
        return;
      }
      retry();
    });
  }

  /** Stops watching: the socket is closed and no reconnection follows. */
  function finish(final = 'closed') {
    watching = null;
    clearTimeout(retryTimer);
    if (socket) {
      const closing = socket;
      socket = null;
      closing.close(1000, 'stopped');
    }
    start.disabled = false;
    stop.disabled = true;
    collection.disabled = false;
    ql.disabled = false;
    setState(final);
  }

  const form = h(
    'form',
    { class: 'form live-form', 'aria-label': 'Watch' },
    field('Collection', collection),
    field('Query (optional)', ql, 'The query language of the API; empty watches every entity.'),
    h('div', { class: 'actions' }, start, stop, clear),
    problems,
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const name = collection.value.trim();
    if (!name) {
      note('Name the collection to watch.', 'error');
      return;
    }
    problems.replaceChildren();
    finish('idle');
    watching = { collection: name, ql: ql.value.trim() };
    lastSeq = null;
    attempt = 0;
    start.disabled = true;
    stop.disabled = false;
    collection.disabled = true;
    ql.disabled = true;
    connect();
  });
  stop.addEventListener('click', () => {
    finish('closed');
    start.focus();
  });
  clear.addEventListener('click', () => {
    rows.replaceChildren();
    shown = 0;
    count.replaceChildren();
  });
  ctx.onLeave(() => finish('closed'));

  setState('idle');
  replace(
    ctx.main,
    h('h1', {}, 'Live'),
    h(
      'p',
      { class: 'hint' },
      'Watch a collection change as it happens: creates, updates, deletes, and entities ',
      'entering or leaving the query. The page keeps one WebSocket open while you watch, and ',
      'closes it when you stop or leave.',
    ),
    form,
    state,
    count,
    list,
  );
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
