// Operations: the health of the stores and the index pipeline, the application's requests,
// errors and latency over every node, and (for the superuser) rebuilding its index, which is
// operations-rebuild.js.
import { orgPath } from '../api.js';
import { act, field, h, message, replace, time, titledSection } from '../ui.js';
import { rebuildPanel } from './operations-rebuild.js';

const HEALTH_EVERY = 5000;
const METRICS_EVERY = 10000;
const WINDOWS = [5, 15, 30, 60];

export async function render(ctx) {
  const timers = [];
  const every = (millis, task) => {
    const timer = setInterval(task, millis);
    timers.push(timer);
    return timer;
  };
  ctx.onLeave(() => timers.forEach(clearInterval));

  const health = healthPanel(ctx);
  const traffic = trafficPanel(ctx);
  const rebuild = rebuildPanel(ctx, every);
  replace(
    ctx.main,
    h('h1', {}, 'Operations'),
    h('div', { class: 'two' }, health.element, rebuild.element),
    traffic.element,
  );
  await Promise.all([health.refresh(), traffic.refresh(), rebuild.resume()]);
  every(HEALTH_EVERY, health.refresh);
  every(METRICS_EVERY, traffic.refresh);
}

/** GET /status: Cassandra, Elasticsearch and this node's index backlog. */
function healthPanel(ctx) {
  const facts = h('dl', { class: 'facts health' });
  const errors = h('div', { 'aria-live': 'polite' });
  const checked = h('p', { class: 'hint' });
  const refreshButton = h('button', { type: 'button' }, 'Refresh status');
  const state = (up) => h('span', { class: `badge ${up ? 'up' : 'down'}` }, up ? 'up' : 'down');
  async function refresh() {
    await act(null, errors, async () => {
      let status;
      try {
        status = await ctx.api.get('/status', { anonymous: true });
      } catch (error) {
        if (error.status === 503) {
          replace(
            facts,
            h('dt', {}, 'Cassandra'),
            h('dd', {}, state(false)),
          );
          throw new Error('This node cannot reach Cassandra: nothing can be read or written.');
        }
        throw error;
      }
      const index = status.index || {};
      replace(
        facts,
        h('dt', {}, 'Cassandra'),
        h('dd', { class: 'cassandra' }, state(status.cassandra && status.cassandra.state === 'up')),
        h('dt', {}, 'Elasticsearch'),
        h(
          'dd',
          { class: 'elasticsearch' },
          state(status.elasticsearch && status.elasticsearch.state === 'up'),
        ),
        h('dt', {}, 'Index pipeline'),
        h(
          'dd',
          { class: 'index-lag' },
          `${index.pending || 0} changes pending, lag ${index.lag_seconds || 0} s`,
        ),
        h('dt', {}, 'Server version'),
        h('dd', {}, status.version || ''),
      );
      replace(
        checked,
        `Checked ${time(status.checked || status.timestamp)} on the node that answered; `,
        'the index lag is that node\'s writes the index may not hold yet.',
      );
    });
  }
  refreshButton.addEventListener('click', () => act(refreshButton, null, refresh));
  const element = titledSection(
    'ops-health',
    'Health',
    facts,
    checked,
    h('div', { class: 'actions' }, refreshButton),
    errors,
  );
  return { element, refresh };
}

/** GET /management/orgs/{org}/apps/{app}/metrics, drawn with uPlot. */
function trafficPanel(ctx) {
  const window_ = h(
    'select',
    { name: 'minutes' },
    WINDOWS.map((minutes) =>
      h('option', { value: String(minutes), selected: minutes === 30 }, `Last ${minutes} minutes`),
    ),
  );
  const totals = h('dl', { class: 'facts totals', 'aria-live': 'polite' });
  const errors = h('div');
  // Counts per bucket as bars; latencies as lines through the buckets that served requests,
  // with a point on each (a bucket alone between empty ones would show no line at all).
  const bars = { bars: true, width: 1, points: { show: false } };
  const line = { width: 2, spanGaps: true, points: { show: true, size: 5 } };
  const charts = [
    chart('Requests per 10 seconds', [
      { label: 'Requests', stroke: '#0b5cad', fill: '#0b5cad66', ...bars },
    ]),
    chart('Latency (ms)', [
      { label: 'Mean', stroke: '#1e7b34', ...line },
      { label: 'Slowest', stroke: '#8a5a00', dash: [4, 4], ...line },
    ]),
    chart('Errors per 10 seconds', [
      { label: '4xx', stroke: '#8a5a00', fill: '#8a5a0066', ...bars },
      { label: '5xx', stroke: '#b3261e', fill: '#b3261e66', ...bars },
    ]),
  ];
  async function refresh() {
    await act(null, errors, async () => {
      const reply = await ctx.api.get(orgPath(ctx.org, 'apps', ctx.app, 'metrics'), {
        query: { minutes: window_.value },
      });
      const data = reply.data;
      const sum = data.totals;
      replace(
        totals,
        h('dt', {}, 'Requests'),
        h('dd', { class: 'requests' }, String(sum.requests)),
        h('dt', {}, 'Client errors (4xx)'),
        h('dd', { class: 'errors-4xx' }, String(sum.errors_4xx)),
        h('dt', {}, 'Server errors (5xx)'),
        h('dd', { class: 'errors-5xx' }, String(sum.errors_5xx)),
        h('dt', {}, 'Mean latency'),
        h('dd', {}, `${sum.latency_mean_ms.toFixed(1)} ms`),
        h('dt', {}, 'Slowest request'),
        h('dd', {}, `${sum.latency_max_ms.toFixed(1)} ms`),
      );
      const buckets = data.buckets;
      const times = buckets.map((bucket) => bucket.t / 1000);
      charts[0].draw(
        [times, buckets.map((b) => b.requests)],
        `${sum.requests} requests in the last ${data.minutes} minutes`,
      );
      charts[1].draw(
        [times, buckets.map((b) => (b.requests ? b.latency_mean_ms : null)), buckets.map((b) => (b.requests ? b.latency_max_ms : null))],
        `mean ${sum.latency_mean_ms.toFixed(1)} ms, slowest ${sum.latency_max_ms.toFixed(1)} ms`,
      );
      charts[2].draw(
        [times, buckets.map((b) => b.errors_4xx), buckets.map((b) => b.errors_5xx)],
        `${sum.errors_4xx} client errors and ${sum.errors_5xx} server errors`,
      );
    });
  }
  const refreshButton = h('button', { type: 'button' }, 'Refresh charts');
  refreshButton.addEventListener('click', () => act(refreshButton, null, refresh));
  window_.addEventListener('change', refresh);
  const element = titledSection(
    'ops-traffic',
    'Requests',
    h(
      'p',
      { class: 'hint' },
      'Requests to this application from every node, in 10-second buckets; another node\'s ',
      'show within about 10 seconds. Refreshed every 10 seconds.',
    ),
    h('div', { class: 'actions' }, field('Time window', window_), refreshButton),
    totals,
    errors,
    h('div', { class: 'charts' }, charts.map((c) => c.element)),
  );
  return { element, refresh };
}

/** A uPlot chart in a figure whose label says in words what it shows. */
function chart(title, series) {
  const plot = h('div', { class: 'plot' });
  const caption = h('figcaption', {}, title);
  const element = h('figure', { class: 'chart', role: 'group', 'aria-label': title }, caption, plot);
  let instance = null;
  function draw(data, summary) {
    element.setAttribute('aria-label', `${title}: ${summary}`);
    const uPlot = window.uPlot;
    if (!uPlot) {
      replace(plot, message('The chart library did not load; the totals above are exact.', 'warning'));
      return;
    }
    if (instance) {
      instance.setData(data);
      return;
    }
    const width = Math.max(280, element.clientWidth || 360);
    const paths = uPlot.paths.bars ? uPlot.paths.bars({ size: [0.8, 40] }) : undefined;
    instance = new uPlot(
      {
        width,
        height: 170,
        series: [{}, ...series.map(({ bars, ...s }) => (bars ? { ...s, paths } : s))],
        axes: [{}, { size: 50 }],
        scales: { y: { range: (self, min, max) => [0, Math.max(1, max)] } },
      },
      data,
      plot,
    );
  }
  return { element, draw };
}
