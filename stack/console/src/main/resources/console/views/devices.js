// Devices: the application's attached devices and their presence (the `devices` collection), the
// edge's statistics over every node sampled while the view is open and charted with uPlot, and an
// RPC sent to one device with its reply (docs/devices.md, device-presence.md, device-stats.md).
// The statistics and their charts are devices-stats.js; how devices prove who they are,
// devices-credentials.js.
import { ApiError, appPath } from '../api.js';
import { explainJsonError } from '../json.js';
import { field, h, message, pager, replace, stylesheet, table, time, titledSection } from '../ui.js';
import { credentialsSection } from './devices-credentials.js';
import { statistics } from './devices-stats.js';

const PAGE_SIZE = 20;
const CONNECTED = 'select * where connected = true';

export async function render(ctx) {
  stylesheet('views/devices.css');
  const stats = statistics(ctx);
  const list = devices(ctx, (id) => rpc.choose(id));
  const rpc = rpcPanel(ctx);
  const credentials = credentialsSection(ctx);
  replace(
    ctx.main,
    h('h1', {}, 'Devices'),
    h(
      'p',
      { class: 'hint' },
      'Devices attached to the edge on any node, what they do, and RPCs to them. ',
      'Statistics are read every few seconds while this page is open.',
    ),
    credentials.element,
    stats.element,
    list.element,
    rpc.element,
  );
  await credentials.load();
  await list.first();
  stats.start();
}

/** A device error in the admin's terms, naming the device. */
export function explainDeviceError(error, device) {
  const detail = error.description ? ` (${error.description})` : '';
  switch (error.code) {
    case 'device_not_connected':
      return (
        `Device ${device} is not connected to any node: it is offline or reconnecting. ` +
        'Try again once it shows as connected.'
      );
    case 'device_timeout':
      return (
        `Device ${device} did not reply in time. It is attached but did not answer; ` +
        'try again, or with a longer timeout.'
      );
    case 'device_detached':
      return `Device ${device} went away before replying (it or its node disconnected).`;
    case 'device_busy':
      return `Device ${device} is busy: too many RPCs are waiting for it. Try again in a moment.`;
    case 'request_entity_too_large':
      return `This message is too large for a device${detail}.`;
    default:
      return error instanceof ApiError ? error.explain() : error.message || String(error);
  }
}

function devices(ctx, onchoose) {
  const connectedOnly = h('input', { type: 'checkbox', checked: true });
  const ql = h('input', { autocomplete: 'off', class: 'wide', placeholder: 'optional query' });
  const rows = h('div');
  const refresh = h('button', { type: 'button' }, 'Refresh');
  const query = () => {
    const typed = ql.value.trim();
    if (typed) {
      return typed;
    }
    return connectedOnly.checked ? CONNECTED : 'select * order by connected_at desc';
  };
  const pages = pager(
    (cursor) =>
      ctx.api.get(appPath(ctx.org, ctx.app, 'devices'), {
        query: { ql: query(), limit: PAGE_SIZE, cursor },
      }),
    (answer) =>
      replace(
        rows,
        table({
          caption: 'Devices (select a row to send it an RPC)',
          rows: answer.entities || [],
          empty: connectedOnly.checked ? 'No device is connected.' : 'No device found.',
          onopen: (device) => onchoose(device.name),
          columns: [
            { label: 'Device', value: (d) => d.name || d.uuid },
            {
              label: 'State',
              value: (d) =>
                h(
                  'span',
                  { class: `badge ${d.connected ? 'connected' : 'down'}` },
                  d.connected ? 'connected' : 'disconnected',
                ),
            },
            { label: 'Transport', value: (d) => d.transport || '' },
            { label: 'Node', value: (d) => h('code', {}, d.node || '') },
            { label: 'Connected at', value: (d) => time(d.connected_at) },
            { label: 'Last heartbeat', value: (d) => time(d.last_heartbeat) },
            { label: 'Address', value: (d) => d.ip_address || '' },
            { label: 'Info', value: (d) => d.info || '' },
          ],
        }),
      ),
    { label: 'Device pages' },
  );
  connectedOnly.addEventListener('change', () => pages.first());
  ql.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      pages.first();
    }
  });
  refresh.addEventListener('click', () => pages.first());
  const element = titledSection(
    'device-list-title',
    'Attached devices',
    h(
      'div',
      { class: 'device-filter' },
      h('label', { class: 'inline' }, connectedOnly, ' Connected only'),
      field(
        'Device query',
        ql,
        'The API query language on the devices collection; overrides the box.',
      ),
      refresh,
    ),
    rows,
    pages.element,
  );
  return { element, first: () => pages.first() };
}

function rpcPanel(ctx) {
  const device = h('input', { name: 'device', autocomplete: 'off', required: true });
  const format = h(
    'select',
    { name: 'format' },
    h('option', { value: 'json' }, 'JSON'),
    h('option', { value: 'text' }, 'Text'),
  );
  const body = h('textarea', {
    name: 'body',
    rows: 3,
    spellcheck: 'false',
    value: '{"method":"ping"}',
  });
  const timeout = h('input', { name: 'timeout', type: 'number', min: 1, placeholder: '10000' });
  const send = h('button', { type: 'submit', class: 'primary' }, 'Send RPC');
  const result = h('div', { class: 'rpc-result', 'aria-live': 'polite' });
  const element = h(
    'form',
    { class: 'rpc', 'aria-label': 'Send an RPC' },
    h('h2', {}, 'Send an RPC'),
    h(
      'div',
      { class: 'rpc-fields' },
      field('Device id', device),
      field('Message format', format),
      field('Timeout (ms, optional)', timeout),
    ),
    field(
      'Message',
      body,
      'Sent to the device unchanged; its reply, or what went wrong, is shown beside.',
    ),
    h('div', { class: 'actions' }, send),
    result,
  );
  element.addEventListener('submit', async (event) => {
    event.preventDefault();
    const id = device.value.trim();
    const text = body.value;
    if (format.value === 'json') {
      try {
        JSON.parse(text);
      } catch (error) {
        replace(result, message(explainJsonError(text, error), 'error'));
        return;
      }
    }
    replace(result, message(`Sending to ${id}…`));
    send.disabled = true;
    const started = performance.now();
    try {
      const path = `${appPath(ctx.org, ctx.app, 'devices', id)}/send`;
      const type = format.value === 'json' ? 'application/json' : 'text/plain; charset=utf-8';
      const response = await ctx.api.request('POST', path, {
        body: new Blob([text]),
        headers: { 'Content-Type': type },
        query: { timeout: timeout.value },
        accept: '*/*',
        raw: true,
      });
      const reply = await response.text();
      const millis = Math.round(performance.now() - started);
      const replyType = response.headers.get('Content-Type') || 'no type';
      replace(
        result,
        message(`Device ${id} replied in ${millis} ms (${replyType}).`, 'ok'),
        h(
          'pre',
          { class: 'json', tabindex: '0', 'aria-label': 'Reply' },
          reply ? pretty(reply) : '(an empty reply)',
        ),
      );
    } catch (error) {
      replace(result, message(explainDeviceError(error, id), 'error'));
    } finally {
      send.disabled = false;
    }
  });
  return {
    element,
    choose(id) {
      device.value = id;
      body.focus();
    },
  };
}

function pretty(text) {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch (ignored) {
    return text;
  }
}
