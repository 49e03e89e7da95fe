// Identity: an application's users, groups and roles (list, create, edit, delete), who holds which
// role and belongs to which group, the permissions of each, and the permission simulator, which
// asks the server (GET /{org}/{app}/_access) whether a user may make a request and which grant
// allows it: the browser never decides access itself. Here: the tabs, the lists and an opened
// user, group or role; its memberships and permissions are identity-memberships.js and
// identity-permissions.js, the simulator identity-simulator.js.
import { appPath } from '../api.js';
import { jsonEditor } from '../json.js';
import { act, confirm, form, h, message, pager, replace, table, tabs, time } from '../ui.js';
import { KINDS, nameOf } from './identity-kinds.js';
import { membershipPanels } from './identity-memberships.js';
import { permissions } from './identity-permissions.js';
import { simulator } from './identity-simulator.js';

/** Properties the server keeps: not edited. */
const SERVER_OWNED = ['uuid', 'type', 'created', 'modified', 'metadata'];

export async function render(ctx) {
  const tab = ctx.params[0] || 'users';
  const items = [
    ...Object.entries(KINDS).map(([id, kind]) => ({ id, label: kind.label })),
    { id: 'simulator', label: 'Permission simulator' },
  ];
  const panel = h('div', { role: 'tabpanel', 'aria-labelledby': `tab-${tab}` });
  replace(
    ctx.main,
    h('h1', {}, 'Identity'),
    tabs(items, tab, (id) => ctx.navigate(ctx.link(ctx.org, ctx.app, 'identity', id))),
    panel,
  );
  if (tab === 'simulator') {
    simulator(ctx, panel);
  } else if (!KINDS[tab]) {
    replace(panel, message(`There is no tab ${tab}.`, 'error'));
  } else if (ctx.params[1]) {
    await detail(ctx, panel, tab, ctx.params[1]);
  } else {
    await list(ctx, panel, tab);
  }
}

/** A page of a collection, with cursors and never a count, and a form to create one. */
async function list(ctx, panel, kind) {
  const { label, one } = KINDS[kind];
  const rows = h('div');
  const pages = pager(
    (cursor) => ctx.api.get(appPath(ctx.org, ctx.app, kind), { query: { limit: 20, cursor } }),
    (answer) =>
      replace(
        rows,
        table({
          caption: `${label} of ${ctx.app}`,
          columns: columns(kind),
          rows: answer.entities || [],
          onopen: (entity) => ctx.navigate(ctx.link(ctx.org, ctx.app, 'identity', kind, entity.uuid)),
          empty: `No ${kind} yet.`,
        }),
      ),
    { label: `Pages of ${kind}` },
  );
  const editor = jsonEditor(KINDS[kind].template, { label: `New ${one} (JSON)`, rows: 6 });
  const done = h('div', { 'aria-live': 'polite' });
  replace(
    panel,
    h('section', { 'aria-label': label }, h('h2', {}, label), rows, pages.element),
    h(
      'section',
      { 'aria-label': `Create a ${one}` },
      h('h2', {}, `Create a ${one}`),
      form({
        label: `Create a ${one}`,
        fields: [editor.element],
        submit: `Create ${one}`,
        onsubmit: async () => {
          const created = await ctx.api.post(appPath(ctx.org, ctx.app, kind), editor.value());
          const entity = (created.entities || [])[0];
          replace(done, message(`Created ${one} ${entity ? nameOf(kind, entity) : ''}.`, 'ok'));
          await pages.first();
        },
      }),
      done,
    ),
  );
  await pages.first();
}

function columns(kind) {
  const key = KINDS[kind].key;
  const named = { label: key[0].toUpperCase() + key.slice(1), value: (e) => nameOf(kind, e) };
  const extra =
    kind === 'users'
      ? [
          { label: 'Email', value: (e) => e.email || '' },
          { label: 'Name', value: (e) => e.name || '' },
        ]
      : [{ label: 'Title', value: (e) => e.title || '' }];
  return [named, ...extra, { label: 'Created', value: (e) => time(e.created) }];
}

/** One user, group or role: its JSON, its memberships and its permissions. */
async function detail(ctx, panel, kind, id) {
  const { one } = KINDS[kind];
  const reply = await ctx.api.get(appPath(ctx.org, ctx.app, kind, id));
  const entity = (reply.entities || [])[0];
  const name = nameOf(kind, entity);
  const editable = { ...entity };
  for (const owned of SERVER_OWNED) {
    delete editable[owned];
  }
  const editor = jsonEditor(editable, { label: `${one} ${name} (JSON)`, rows: 10 });
  const saved = h('div', { 'aria-live': 'polite' });
  const remove = h('button', { type: 'button', class: 'danger' }, `Delete ${one}`);
  remove.addEventListener('click', async () => {
    const sure = await confirm({
      title: `Delete ${one} ${name}?`,
      text: `The ${one} and everything it holds (permissions, roles, memberships) are deleted.`,
    });
    if (sure) {
      await act(remove, saved, async () => {
        await ctx.api.del(appPath(ctx.org, ctx.app, kind, entity.uuid));
        ctx.navigate(ctx.link(ctx.org, ctx.app, 'identity', kind));
      });
    }
  });
  const sections = membershipPanels(ctx, kind, entity);
  replace(
    panel,
    h('p', {}, h('a', { href: ctx.link(ctx.org, ctx.app, 'identity', kind) }, `All ${kind}`)),
    h('h2', {}, `${one[0].toUpperCase()}${one.slice(1)} ${name}`),
    form({
      label: `Edit ${one} ${name}`,
      fields: [editor.element],
      submit: 'Save',
      extra: remove,
      onsubmit: async () => {
        await ctx.api.put(appPath(ctx.org, ctx.app, kind, entity.uuid), editor.value());
        replace(saved, message(`Saved ${one} ${name}.`, 'ok'));
      },
    }),
    saved,
    kind === 'users'
      ? h(
          'p',
          {},
          h(
            'a',
            { href: `${ctx.link(ctx.org, ctx.app, 'identity', 'simulator')}?user=${encodeURIComponent(name)}` },
            `Simulate a request as ${name}`,
          ),
        )
      : null,
    h('div', { class: 'two' }, sections.map((section) => section.element)),
    permissions(ctx, kind, entity, name),
  );
  await Promise.all(sections.map((section) => section.load()));
}

