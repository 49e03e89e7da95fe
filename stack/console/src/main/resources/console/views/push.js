// Push: send a notification to a device, a user's devices, a group's, a query's or every device;
// the application's notifications with their state; its notifiers. One notification's page (its
// state and receipts) is views/push-notification.js, at #/.../push/notifications/{uuid}.
import { appPath } from '../api.js';
import { jsonEditor } from '../json.js';
import { field, form, h, pager, replace, table, time } from '../ui.js';
import { notifiersPanel } from './push-notifiers.js';
import { stateBadge } from './push-state.js';

/** Target kinds: the label of their input, and the path the API sends to. */
const TARGETS = {
  device: { label: 'Device (name or UUID)', path: (org, app, id) => appPath(org, app, 'devices', id) },
  user: { label: 'User (username or UUID)', path: (org, app, id) => appPath(org, app, 'users', id) },
  group: { label: 'Group (path or UUID)', path: (org, app, id) => appPath(org, app, 'groups', id) },
  query: {
    label: 'Query (devices matching it)',
    path: (org, app, ql) => `${appPath(org, app)}/devices;ql=${encodeURIComponent(ql)}`,
  },
  all: { label: null, path: (org, app) => appPath(org, app, 'devices', '*') },
};

export async function render(ctx) {
  if (ctx.params[0] === 'notifications' && ctx.params[1]) {
    const detail = await import('./push-notification.js');
    await detail.render(ctx, ctx.params[1]);
    return;
  }
  const notifiers = notifiersPanel(ctx, () => send.refresh());
  const send = sendForm(ctx);
  const history = notificationsPanel(ctx);
  replace(
    ctx.main,
    h('h1', {}, 'Push notifications'),
    send.element,
    history.element,
    notifiers.element,
  );
  await Promise.all([notifiers.draw(), send.refresh(), history.first()]);
}

function sendForm(ctx) {
  const { api, org, app } = ctx;
  const kind = h(
    'select',
    {},
    h('option', { value: 'device' }, 'A device'),
    h('option', { value: 'user' }, 'A user’s devices'),
    h('option', { value: 'group' }, 'A group’s users’ devices'),
    h('option', { value: 'query' }, 'Devices a query selects'),
    h('option', { value: 'all' }, 'Every device'),
  );
  const target = h('input', { autocomplete: 'off' });
  const targetField = field(TARGETS.device.label, target);
  const targetLabel = targetField.querySelector('label');
  const notifier = h('select', {});
  const format = h(
    'select',
    {},
    h('option', { value: 'text' }, 'Message text'),
    h('option', { value: 'json' }, 'JSON: the provider’s own payload'),
  );
  const text = h('textarea', { rows: 3 });
  const textField = field('Message', text, 'The alert the device shows.');
  const json = jsonEditor(
    { notification: { title: 'Hello', body: 'From the Meridian console' } },
    { label: 'Payload (JSON)', rows: 8 },
  );
  const deliver = h('input', { type: 'datetime-local' });
  const expire = h('input', { type: 'datetime-local' });

  kind.addEventListener('change', () => {
    const spec = TARGETS[kind.value];
    targetField.hidden = !spec.label;
    if (spec.label) {
      replace(targetLabel, spec.label);
    }
  });
  const showFormat = () => {
    textField.hidden = format.value !== 'text';
    json.element.hidden = format.value !== 'json';
  };
  format.addEventListener('change', showFormat);
  showFormat();

  const element = form({
    label: 'Send a notification',
    heading: h('h2', {}, 'Send a notification'),
    fields: [
      field('Send to', kind),
      targetField,
      field('Notifier', notifier),
      field('Payload', format),
      textField,
      json.element,
      field('Deliver at (optional)', deliver, 'Leave empty to send now.'),
      field('Expire at (optional)', expire, 'Devices not reached by then are given up on.'),
    ],
    submit: 'Send',
    onsubmit: async () => {
      const spec = TARGETS[kind.value];
      const id = target.value.trim();
      if (spec.label && !id) {
        throw new Error(`Say which: ${spec.label.toLowerCase()}.`);
      }
      if (!notifier.value) {
        throw new Error('Create a notifier first: notifications are sent through one.');
      }
      let payload;
      if (format.value === 'text') {
        payload = text.value.trim();
        if (!payload) {
          throw new Error('Write the message to send.');
        }
      } else {
        payload = json.value();
      }
      const body = { payloads: { [notifier.value]: payload } };
      if (deliver.value) {
        body.deliver = new Date(deliver.value).getTime();
      }
      if (expire.value) {
        body.expire = new Date(expire.value).getTime();
      }
      const reply = await api.post(`${spec.path(org, app, id)}/notifications`, body);
      const sent = (reply.entities || [])[0];
      ctx.navigate(ctx.link(org, app, 'push', 'notifications', sent.uuid));
    },
  });

  async function refresh() {
    const reply = await api.get(appPath(org, app, 'notifiers'), { query: { limit: 100 } });
    const names = (reply.entities || []).map((entity) => entity.name).sort();
    const chosen = notifier.value;
    replace(
      notifier,
      names.length ? null : h('option', { value: '' }, 'No notifiers yet'),
      names.map((name) => h('option', { value: name, selected: name === chosen }, name)),
    );
  }
  return { element, refresh };
}

function notificationsPanel(ctx) {
  const { api, org, app } = ctx;
  const rows = h('div');
  const pages = pager(
    (cursor) =>
      api.get(appPath(org, app, 'notifications'), {
        query: { ql: 'select * order by created desc', limit: 20, cursor },
      }),
    (answer) =>
      replace(
        rows,
        table({
          caption: 'Notifications, newest first: open one for its receipts',
          columns: [
            { label: 'Created', value: (row) => time(row.created) },
            { label: 'State', value: (row) => stateBadge(row.state) },
            { label: 'Notifiers', value: (row) => Object.keys(row.payloads || {}).join(', ') },
            { label: 'Devices', value: (row) => String(row.expectedCount ?? '') },
            { label: 'Sent', value: (row) => String((row.statistics || {}).sent ?? '') },
            { label: 'Errors', value: (row) => String((row.statistics || {}).errors ?? '') },
            { label: 'UUID', value: (row) => h('code', {}, row.uuid) },
          ],
          rows: answer.entities || [],
          onopen: (row) => ctx.navigate(ctx.link(org, app, 'push', 'notifications', row.uuid)),
          empty: 'No notifications sent yet.',
        }),
      ),
    { label: 'Notification pages' },
  );
  const element = h(
    'section',
    { 'aria-label': 'Notifications' },
    h('h2', {}, 'Notifications'),
    rows,
    pages.element,
  );
  return { element, first: pages.first };
}
