// Devices: the application's attached devices and their presence (the `devices` collection), the
// edge's statistics over every node sampled while the view is open and charted with uPlot, and an
// RPC sent to one device with its reply (docs/devices.md, device-presence.md, device-stats.md).
import { ApiError, appPath } from '../api.js';
import { explainJsonError } from '../json.js';
import {
  act,
  field,
  h,
  message,
  pager,
  replace,
  stylesheet,
  table,
  time,
  titledSection,
} from '../ui.js';

/** How often the statistics are read while the view is open, and how many samples are charted. */
export const SAMPLE_MILLIS = 3000;
const SAMPLES = 200;
const PAGE_SIZE = 20;
const CONNECTED = 'select * where connected = true';

export async function render(ctx) {
  stylesheet('views/devices.css');
  const stats = statistics(ctx);
  const list = devices(ctx, (id) => rpc.choose(id));
  const rpc = rpcPanel(ctx);
  replace(
    ctx.main,
    h('h1', {}, 'Devices'),
    h(
      'p',
      { class: 'hint' },
      'Devices attached to the edge on any node, what they do, and RPCs to them. ',
      'Statistics are read every few seconds while this page is open.',
    ),
    stats.element,
    list.element,
    rpc.element,
  );
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

function statistics(ctx) {
  const numbers = h('dl', { class: 'device-numbers' });
  const errors = h('div');
  const charts = h('div', { class: 'device-charts' });
  const element = titledSection('device-stats-title', 'Statistics', numbers, errors, charts);
  const samples = { t: [], messages: [], errors: [], up: [], down: [], mean: [], max: [] };
  let previous = null;
  let timer = null;
  let plots = null;

  function showNumbers(data) {
    const latency = data.latency || {};
    const rows = [
      ['Devices attached', data.num_devices],
      ['Attached by WebSocket', data.websockets],
      ['Messages', data.messages],
      ['Errors', data.errors],
      ['Bytes from devices', data.bytes_up],
      ['Bytes to devices', data.bytes_down],
      ['RPCs answered', latency.count],
      ['Latency mean (ms)', latency.mean],
      ['Latency min/max (ms)', `${latency.min ?? 0} / ${latency.max ?? 0}`],
    ];
    replace(
      numbers,
      rows.map(([label, value]) => [
        h('dt', {}, label),
        h('dd', { 'data-stat': label }, value === undefined ? '0' : String(value)),
      ]),
    );
  }

  function chart(title, series, fields, unit) {
    const holder = h('figure', { class: 'chart', 'aria-label': title });
    holder.appendChild(h('figcaption', {}, title));
    charts.appendChild(holder);
    const plot = new window.uPlot(
      {
        width: Math.max(260, Math.min(520, ((ctx.main.clientWidth || 1100) - 80) / 3)),
        height: 150,
        series: [
          {},
          ...series.map((label, index) => ({
            label,
            stroke: ['#0b5cad', '#b3261e', '#1e7b34'][index],
            width: 2,
            spanGaps: true,
          })),
        ],
        axes: [{}, { label: unit, size: 60 }],
        scales: { x: { time: true } },
      },
      [samples.t, ...fields.map((name) => samples[name])],
      holder,
    );
    return () => plot.setData([samples.t, ...fields.map((name) => samples[name])]);
  }

  function record(data) {
    const now = Date.now() / 1000;
    const latency = data.latency || {};
    const rate = (name) => {
      if (!previous) {
        return null;
      }
      const seconds = Math.max(0.001, now - previous.t);
      return Math.max(0, ((data[name] || 0) - (previous.data[name] || 0)) / seconds);
    };
    samples.t.push(now);
    samples.messages.push(rate('messages'));
    samples.errors.push(rate('errors'));
    samples.up.push(rate('bytes_up'));
    samples.down.push(rate('bytes_down'));
    samples.mean.push(latency.count ? latency.mean : null);
    samples.max.push(latency.count ? latency.max : null);
    for (const values of Object.values(samples)) {
      if (values.length > SAMPLES) {
        values.shift();
      }
    }
    previous = { t: now, data };
    charts.dataset.samples = String(samples.t.length);
  }

  async function sample() {
    const reply = await act(null, errors, () =>
      ctx.api.get(appPath(ctx.org, ctx.app, 'devices', '_stats')),
    );
    if (reply && reply.data) {
      showNumbers(reply.data);
      record(reply.data);
      if (!plots && window.uPlot) {
        plots = [
          chart('Messages per second', ['messages', 'errors'], ['messages', 'errors'], 'per s'),
          chart('Bytes per second', ['from devices', 'to devices'], ['up', 'down'], 'bytes/s'),
          chart('RPC latency (ms)', ['mean', 'max'], ['mean', 'max'], 'ms'),
        ];
      } else if (plots) {
        plots.forEach((update) => update());
      }
    }
  }

  return {
    element,
    start() {
      sample();
      timer = setInterval(sample, SAMPLE_MILLIS);
      ctx.onLeave(() => clearInterval(timer));
    },
  };
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
