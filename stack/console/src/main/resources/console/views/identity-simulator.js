// The permission simulator: asks the server (GET /{org}/{app}/_access) whether a user may make a
// request and which grant allows it, and shows every grant the caller holds in the order the
// server tries them. The browser never decides access itself.
import { appPath } from '../api.js';
import { field, form, h, message, replace, routeInput, table } from '../ui.js';

const METHODS = ['GET', 'PUT', 'POST', 'DELETE', 'HEAD'];

/** Asks the server whether a user may make a request, and shows the grant that decides it. */
export function simulator(ctx, panel) {
  const user = routeInput(ctx.query, 'user');
  const method = h(
    'select',
    { name: 'method' },
    METHODS.map((m) => h('option', { value: m, selected: m === (ctx.query.get('method') || 'GET') }, m)),
  );
  const path = routeInput(ctx.query, 'path', { required: true, placeholder: '/cats/fido' });
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
