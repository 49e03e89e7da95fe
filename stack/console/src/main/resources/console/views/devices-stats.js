// The edge's statistics over every node (GET /{org}/{app}/devices/_stats, docs/device-stats.md):
// read every few seconds while the Devices view is open, shown as numbers (totals since each node
// started) and charted with uPlot as rates over the last samples.
import { appPath } from '../api.js';
import { act, h, replace, titledSection } from '../ui.js';

/** How often the statistics are read while the view is open, and how many samples are charted. */
export const SAMPLE_MILLIS = 3000;
const SAMPLES = 200;

/** The statistics' section; start() reads them now and every SAMPLE_MILLIS until the view is left. */
export function statistics(ctx) {
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
