// One notification: its state, counts and payloads, and its receipts (one per device and
// notifier, paged with the API's cursors). The page asks again every second (every ten while
// scheduled) until the notification is finished or expired, then stops.
import { appPath } from '../api.js';
import { jsonView } from '../json.js';
import { act, h, message, pager, replace, table, time } from '../ui.js';
import { stateBadge } from './push-state.js';

const DONE = ['FINISHED', 'EXPIRED'];
const REFRESH_MILLIS = 1000;
/** A scheduled notification changes only when its time comes: asked about less often. */
const SCHEDULED_REFRESH_MILLIS = 10000;

export async function render(ctx, uuid) {
  const { api, org, app } = ctx;
  const facts = h('div', { 'aria-live': 'polite' });
  const receipts = h('div');
  const errors = h('div');
  const pages = pager(
    (cursor) =>
      api.get(appPath(org, app, 'notifications', uuid, 'receipts'), { query: { limit: 50, cursor } }),
    (answer) => replace(receipts, receiptsTable(answer.entities || [])),
    { label: 'Receipt pages' },
  );
  replace(
    ctx.main,
    h('p', {}, h('a', { href: ctx.link(org, app, 'push') }, '← Push notifications')),
    h('h1', {}, 'Notification'),
    h('p', {}, h('code', {}, uuid)),
    errors,
    facts,
    h('section', { 'aria-label': 'Receipts' }, h('h2', {}, 'Receipts'), receipts, pages.element),
  );

  let timer = null;
  let left = false;
  ctx.onLeave(() => {
    left = true;
    clearTimeout(timer);
  });

  async function refresh() {
    const notification = await act(null, errors, async () => {
      const reply = await api.get(appPath(org, app, 'notifications', uuid));
      return (reply.entities || [])[0];
    });
    if (!notification || left) {
      return;
    }
    // Receipts first, so a notification shown finished always has its receipts beside it.
    await pages.reload();
    if (left) {
      return;
    }
    replace(facts, summary(notification));
    if (!DONE.includes(notification.state) && !left) {
      const wait = notification.state === 'SCHEDULED' ? SCHEDULED_REFRESH_MILLIS : REFRESH_MILLIS;
      timer = setTimeout(refresh, wait);
    }
  }
  await refresh();
}

function summary(notification) {
  const statistics = notification.statistics || {};
  const done = DONE.includes(notification.state);
  return [
    h(
      'dl',
      { class: 'facts' },
      h('dt', {}, 'State'),
      h('dd', { class: 'state' }, stateBadge(notification.state)),
      h('dt', {}, 'Created'),
      h('dd', {}, time(notification.created)),
      notification.deliver ? [h('dt', {}, 'Deliver at'), h('dd', {}, time(notification.deliver))] : null,
      notification.expire ? [h('dt', {}, 'Expires'), h('dd', {}, time(notification.expire))] : null,
      notification.started ? [h('dt', {}, 'Started'), h('dd', {}, time(notification.started))] : null,
      notification.finished ? [h('dt', {}, 'Finished'), h('dd', {}, time(notification.finished))] : null,
      h('dt', {}, 'Devices to reach'),
      h('dd', {}, String(notification.expectedCount ?? 0)),
      h('dt', {}, 'Sent'),
      h('dd', {}, String(statistics.sent ?? 0)),
      h('dt', {}, 'Errors'),
      h('dd', {}, String(statistics.errors ?? 0)),
    ),
    done
      ? null
      : message('Not finished yet: this page refreshes until the notification is finished.'),
    h('h2', {}, 'Payloads'),
    jsonView(notification.payloads || {}, 'Payloads by notifier'),
  ];
}

function receiptsTable(rows) {
  return table({
    caption: 'One receipt per device and notifier',
    columns: [
      { label: 'Device', value: (row) => h('code', {}, row.deviceId) },
      { label: 'Notifier', value: (row) => row.notifier },
      { label: 'State', value: (row) => stateBadge(row.state) },
      { label: 'When', value: (row) => time(row.sent || row.failed) },
      {
        label: 'Error',
        value: (row) => [row.errorCode, row.errorMessage].filter(Boolean).join(': '),
      },
      { label: 'Attempts', value: (row) => String(row.attempts ?? '') },
    ],
    rows,
    empty: 'No receipts yet: devices get one once they are sent to, or given up on.',
  });
}
