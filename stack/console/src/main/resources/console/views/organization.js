// An organization: its applications (create, delete with the confirmation the API asks for), its
// client credentials and its admins.
import { orgPath } from '../api.js';
import { act, buttonColumn, confirm, field, form, h, message, replace, table, time } from '../ui.js';
import { credentialsPanel } from './credentials.js';

export async function render(ctx) {
  const { api, org } = ctx;
  const apps = h('div');
  const admins = h('div');
  replace(
    ctx.main,
    h('h1', {}, `Organization ${org}`),
    h('section', { 'aria-label': 'Applications' }, h('h2', {}, 'Applications'), apps, newApp(ctx, () => drawApps())),
    credentialsPanel(ctx, orgPath(org, 'credentials'), 'organization'),
    h('section', { 'aria-label': 'Admins' }, h('h2', {}, 'Admins'), admins, newAdmin(ctx, () => drawAdmins())),
  );

  async function drawApps() {
    await act(null, apps, async () => {
      const reply = await api.get(orgPath(org, 'apps'));
      const rows = Object.entries(reply.data || {})
        .map(([name, uuid]) => ({ name: name.slice(name.indexOf('/') + 1), uuid }))
        .sort((a, b) => a.name.localeCompare(b.name));
      replace(
        apps,
        table({
          caption: 'Applications of this organization',
          columns: [
            { label: 'Name', value: (row) => h('a', { href: ctx.link(org, row.name, 'overview') }, row.name) },
            { label: 'UUID', value: (row) => h('code', {}, row.uuid) },
            buttonColumn('Delete', (row) => `Delete application ${row.name}`, deleteApp, { danger: true }),
          ],
          rows,
          empty: 'No applications yet: create the first one below.',
        }),
      );
    });
  }

  async function deleteApp(button, { name }) {
    const sure = await confirm({
      title: `Delete application ${name}?`,
      text: 'Every entity, user, file and index entry of this application is deleted. This cannot be undone.',
      typed: name,
    });
    if (!sure) {
      return;
    }
    const status = h('div');
    apps.prepend(status);
    await act(button, status, async () => {
      await api.del(orgPath(org, 'apps', name), { query: { confirm_application_identifier: name } });
      await drawApps();
      apps.prepend(message(`Application ${name} is deleted.`));
    });
  }

  async function drawAdmins() {
    await act(null, admins, async () => {
      const reply = await api.get(orgPath(org, 'users'));
      replace(
        admins,
        table({
          caption: 'Admins of this organization',
          columns: [
            { label: 'Username', value: (row) => row.username },
            { label: 'Name', value: (row) => row.name || '' },
            { label: 'Email', value: (row) => row.email || '' },
            { label: 'Since', value: (row) => time(row.created) },
            buttonColumn('Remove', (row) => `Remove admin ${row.username}`, removeAdmin, { danger: true }),
          ],
          rows: reply.data || [],
        }),
      );
    });
  }

  async function removeAdmin(button, { username }) {
    const sure = await confirm({
      title: `Remove ${username} from ${org}?`,
      text: 'They lose access to this organization and its applications.',
      action: 'Remove',
    });
    if (sure) {
      const status = h('div');
      admins.prepend(status);
      await act(button, status, async () => {
        await api.del(orgPath(org, 'users', username));
        await drawAdmins();
      });
    }
  }

  await Promise.all([drawApps(), drawAdmins()]);
}

function newApp(ctx, refresh) {
  const name = h('input', { name: 'name', required: true, autocomplete: 'off', pattern: '[A-Za-z0-9][A-Za-z0-9_.\\-]*' });
  const done = h('div', { 'aria-live': 'polite' });
  return h(
    'div',
    {},
    form({
      label: 'Create an application',
      fields: [field('New application name', name, 'Letters, digits, dots, dashes and underscores.')],
      submit: 'Create application',
      onsubmit: async (values, element) => {
        await ctx.api.post(orgPath(ctx.org, 'apps'), { name: values.name.trim() });
        element.reset();
        await refresh();
        replace(done, message(`Application ${values.name.trim()} is created.`));
      },
    }),
    done,
  );
}

function newAdmin(ctx, refresh) {
  const done = h('div', { 'aria-live': 'polite' });
  const invite = form({
    label: 'Invite an admin',
    fields: [field('Email address to invite', h('input', { name: 'email', type: 'email', required: true }))],
    submit: 'Invite',
    onsubmit: async (values, element) => {
      await ctx.api.put(orgPath(ctx.org, 'users', values.email.trim()));
      element.reset();
      replace(done, message(`Invited ${values.email.trim()}: they join once they accept.`));
    },
  });
  const create = form({
    label: 'Create an admin',
    fields: [
      field('Username', h('input', { name: 'username', required: true, autocomplete: 'off' })),
      field('Name', h('input', { name: 'name', autocomplete: 'off' })),
      field('Email', h('input', { name: 'email', type: 'email', required: true, autocomplete: 'off' })),
      field('Password', h('input', { name: 'password', type: 'password', required: true, autocomplete: 'new-password' })),
    ],
    submit: 'Create admin',
    onsubmit: async (values, element) => {
      await ctx.api.post(orgPath(ctx.org, 'users'), values);
      element.reset();
      await refresh();
      replace(done, message(`Admin ${values.username} is created.`));
    },
  });
  return h('div', { class: 'two' }, h('div', {}, h('h3', {}, 'Invite an admin'), invite), h('div', {}, h('h3', {}, 'Create an admin'), create), done);
}
