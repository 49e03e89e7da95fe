// Identity: an application's users, groups and roles (list, create, edit, delete), who holds which
// role and belongs to which group, the permissions of each, and the permission simulator, which
// asks the server (GET /{org}/{app}/_access) whether a user may make a request and which grant
// allows it: the browser never decides access itself.
import { appPath } from '../api.js';
import {
  act,
  confirm,
  field,
  form,
  h,
  jsonEditor,
  message,
  pager,
  replace,
  table,
  tabs,
  time,
} from '../ui.js';

/** The three collections, with the property that names their entities. */
const KINDS = {
  users: { label: 'Users', one: 'user', key: 'username', template: { username: '', email: '', name: '' } },
  groups: { label: 'Groups', one: 'group', key: 'path', template: { path: '', title: '' } },
  roles: { label: 'Roles', one: 'role', key: 'name', template: { name: '', title: '' } },
};

/** What each kind can be connected to, as the identity routes name it. */
const MEMBERSHIPS = {
  users: [
    { collection: 'roles', label: 'Roles', verb: 'holds' },
    { collection: 'groups', label: 'Groups', verb: 'belongs to' },
  ],
  groups: [
    { collection: 'users', label: 'Members', verb: 'has member' },
    { collection: 'roles', label: 'Roles', verb: 'holds' },
  ],
  roles: [
    { collection: 'users', label: 'Users', verb: 'held by user' },
    { collection: 'groups', label: 'Groups', verb: 'held by group' },
  ],
};

const METHODS = ['GET', 'PUT', 'POST', 'DELETE', 'HEAD'];

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

function nameOf(kind, entity) {
  return entity[KINDS[kind].key] || entity.name || entity.uuid;
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
  const sections = MEMBERSHIPS[kind].map((membership) => memberships(ctx, kind, entity, membership));
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

/** Roles, groups or members of an entity: paged, with add and remove through the API's routes. */
function memberships(ctx, kind, entity, { collection, label }) {
  const other = KINDS[collection];
  const rows = h('div');
  const status = h('div', { 'aria-live': 'polite' });
  const base = [kind, entity.uuid, collection];
  const pages = pager(
    (cursor) => ctx.api.get(appPath(ctx.org, ctx.app, ...base), { query: { limit: 20, cursor } }),
    (answer) =>
      replace(
        rows,
        table({
          caption: `${label} of ${nameOf(kind, entity)}`,
          columns: [
            {
              label: other.label.slice(0, -1),
              value: (e) => h('a', { href: ctx.link(ctx.org, ctx.app, 'identity', collection, e.uuid) }, nameOf(collection, e)),
            },
            {
              label: 'Actions',
              value: (e) =>
                h(
                  'button',
                  {
                    type: 'button',
                    'aria-label': `Remove ${other.one} ${nameOf(collection, e)}`,
                    onclick: (event) =>
                      act(event.currentTarget, status, async () => {
                        await ctx.api.del(appPath(ctx.org, ctx.app, ...base, e.uuid));
                        await pages.first();
                      }),
                  },
                  'Remove',
                ),
            },
          ],
          rows: answer.entities || [],
          empty: `No ${label.toLowerCase()}.`,
        }),
      ),
    { label: `Pages of ${label.toLowerCase()}` },
  );
  const input = h('input', { name: 'member', required: true, autocomplete: 'off' });
  const element = h(
    'section',
    { 'aria-label': label },
    h('h3', {}, label),
    rows,
    pages.element,
    form({
      label: `Add ${other.one} to ${nameOf(kind, entity)}`,
      fields: [field(`${other.one[0].toUpperCase()}${other.one.slice(1)} to add (${other.key} or uuid)`, input)],
      submit: `Add ${other.one}`,
      onsubmit: async (values, formElement) => {
        await ctx.api.post(appPath(ctx.org, ctx.app, ...base, values.member.trim()));
        formElement.reset();
        await pages.first();
      },
    }),
    status,
  );
  return { element, load: () => pages.first() };
}

/** The permissions granted to the entity itself: list, grant, revoke. */
function permissions(ctx, kind, entity, name) {
  const path = appPath(ctx.org, ctx.app, kind, entity.uuid, 'permissions');
  const rows = h('div');
  const status = h('div', { 'aria-live': 'polite' });
  async function draw() {
    await act(null, rows, async () => {
      const reply = await ctx.api.get(path);
      replace(
        rows,
        table({
          caption: `Permissions granted to ${name}`,
          columns: [
            { label: 'Permission', value: (text) => h('code', {}, text) },
            {
              label: 'Actions',
              value: (text) =>
                h(
                  'button',
                  {
                    type: 'button',
                    class: 'danger',
                    'aria-label': `Revoke ${text}`,
                    onclick: (event) =>
                      act(event.currentTarget, status, async () => {
                        await ctx.api.del(path, { query: { permission: text } });
                        await draw();
                      }),
                  },
                  'Revoke',
                ),
            },
          ],
          rows: reply.data || [],
          empty: 'No permissions granted directly.',
        }),
      );
    });
  }
  const input = h('input', {
    name: 'permission',
    required: true,
    autocomplete: 'off',
    placeholder: 'get,post:/things/*',
  });
  draw();
  return h(
    'section',
    { 'aria-label': 'Permissions' },
    h('h3', {}, 'Permissions'),
    rows,
    form({
      label: `Grant a permission to ${name}`,
      fields: [
        field(
          'Permission to grant',
          input,
          'Verbs (get, put, post, delete), a colon and a path pattern: * is one segment, ** any number, ${user} the signed-in user.',
        ),
      ],
      submit: 'Grant',
      onsubmit: async (values, formElement) => {
        await ctx.api.post(path, { permission: values.permission.trim() });
        formElement.reset();
        await draw();
      },
    }),
    status,
  );
}

/** Asks the server whether a user may make a request, and shows the grant that decides it. */
function simulator(ctx, panel) {
  const user = h('input', { name: 'user', autocomplete: 'off', value: ctx.query.get('user') || '' });
  const method = h(
    'select',
    { name: 'method' },
    METHODS.map((m) => h('option', { value: m, selected: m === (ctx.query.get('method') || 'GET') }, m)),
  );
  const path = h('input', {
    name: 'path',
    required: true,
    autocomplete: 'off',
    placeholder: '/cats/fido',
    value: ctx.query.get('path') || '',
  });
  const answer = h('div', { class: 'simulation', 'aria-live': 'polite' });
  replace(
    panel,
    h('h2', {}, 'Permission simulator'),
    h(
      'p',
      { class: 'hint' },
      'May this user make this request, and which grant allows it? The server answers with its own access control.',
    ),
    form({
      label: 'Simulate a request',
      fields: [
        field('User (username, email or uuid)', user, 'Leave empty for an anonymous caller (the guest role).'),
        field('Method', method),
        field('Path in the application', path, 'For example /cats/fido or /users/me/likes.'),
      ],
      submit: 'Check',
      onsubmit: async (values) => {
        replace(answer);
        const reply = await ctx.api.get(appPath(ctx.org, ctx.app, '_access'), {
          query: { user: values.user.trim(), method: values.method, path: values.path.trim() },
        });
        replace(answer, ...explain(reply.data));
      },
    }),
    answer,
  );
}

function explain(data) {
  const who = data.user ? `user ${data.user.name || data.user.uuid}` : 'an anonymous caller';
  const verdict = data.allowed
    ? message(`Allowed: ${who} may ${data.method} ${data.path}.`, 'ok')
    : message(`Denied: ${who} may not ${data.method} ${data.path}.`, 'error');
  verdict.classList.add('verdict');
  const facts = h(
    'dl',
    {},
    h('dt', {}, 'Checked as'),
    h('dd', {}, h('code', {}, `${data.checked_verb} ${data.checked_as}`)),
    h('dt', {}, 'Granted by'),
    h('dd', { class: 'granted-by' }, data.by ? grantText(data.by) : 'no grant'),
    h('dt', {}, 'Why'),
    h('dd', {}, data.reason),
  );
  const considered = table({
    caption: 'Every grant this caller holds, in the order they are tried',
    columns: [
      { label: 'Permission', value: (g) => h('code', {}, g.permission) },
      { label: 'Granted to', value: (g) => holderText(g) },
      { label: 'Held through', value: (g) => throughText(g) },
    ],
    rows: data.considered || [],
    empty: 'This caller holds no grant.',
  });
  return [verdict, facts, h('h3', {}, 'Grants considered'), considered];
}

function holderText(grant) {
  return `${grant.from} ${grant.name || grant.uuid}`;
}

function throughText(grant) {
  if (grant.through) {
    return `${grant.through.from} ${grant.through.name || grant.through.uuid}`;
  }
  if (grant.from !== 'role') {
    return 'directly';
  }
  return grant.name === 'guest' ? 'every anonymous caller' : 'every signed-in user';
}

function grantText(grant) {
  return `${grant.permission}, granted to ${holderText(grant)} (held through ${throughText(grant)})`;
}
