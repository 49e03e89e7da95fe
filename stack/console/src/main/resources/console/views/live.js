// Live: watch a collection, or the entities a query selects, as they change, through the
// real-time WebSocket of the application (docs/realtime.md). Here: the watch form, the
// connection's state and the events, newest first; the socket, its subscription and its
// reconnection, resumed after the last event shown so nothing is missed, are live-socket.js.
import { field, h, message, replace, routeInput, stylesheet, time } from '../ui.js';
import { socketUrl, watch } from './live-socket.js';

/** At most this many events stay on the page (the oldest go first). */
export const MAX_EVENTS = 500;

const STATES = {
  idle: 'Not watching.',
  connecting: 'Connecting…',
  open: 'Connected, subscribing…',
  watching: 'Watching',
  retrying: 'Connection lost; reconnecting',
  closed: 'Closed.',
};

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
  const collection = routeInput(ctx.query, 'collection', { required: true, placeholder: 'trucks' });
  const ql = routeInput(ctx.query, 'ql', {
    class: 'wide',
    placeholder: "select * where status = 'active'",
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

  let shown = 0;

  function setState(name, detail) {
    state.dataset.state = name;
    replace(state, h('span', { class: `badge ${name}` }, name), ' ', STATES[name], detail || '');
    // The fields are locked from the moment a watch starts until it is stopped or refused.
    const on = name !== 'idle' && name !== 'closed';
    start.disabled = on;
    stop.disabled = !on;
    collection.disabled = on;
    ql.disabled = on;
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
    if (text === null) {
      problems.replaceChildren();
    } else {
      replace(problems, message(text, kind));
    }
  }

  const watcher = watch(() => socketUrl(org, app, ctx.session.token), {
    onstate: setState,
    onevent: show,
    onnote: note,
  });

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
    watcher.start({ collection: name, ql: ql.value.trim() });
  });
  stop.addEventListener('click', () => {
    watcher.stop('closed');
    start.focus();
  });
  clear.addEventListener('click', () => {
    rows.replaceChildren();
    shown = 0;
    count.replaceChildren();
  });
  ctx.onLeave(() => watcher.stop('closed'));

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
