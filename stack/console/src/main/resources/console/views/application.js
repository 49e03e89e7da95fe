// An application's overview: what it holds and its client credentials.
import { orgPath } from '../api.js';
import { SECTIONS } from '../sections.js';
import { h, replace, time } from '../ui.js';
import { credentialsPanel } from './credentials.js';

export async function render(ctx) {
  const { api, org, app } = ctx;
  const reply = await api.get(orgPath(org, 'apps', app));
  const data = reply.data || (reply.entities && reply.entities[0]) || {};
  replace(
    ctx.main,
    h('h1', {}, `Application ${app}`),
    h(
      'dl',
      { class: 'facts' },
      h('dt', {}, 'UUID'),
      h('dd', {}, h('code', {}, data.uuid || '')),
      data.created ? [h('dt', {}, 'Created'), h('dd', {}, time(data.created))] : null,
    ),
    h(
      'ul',
      { class: 'cards' },
      SECTIONS.filter((section) => section.id !== 'overview').map((section) =>
        h('li', {}, h('a', { href: ctx.link(org, app, section.id) }, section.label)),
      ),
    ),
    credentialsPanel(ctx, orgPath(org, 'apps', app, 'credentials'), 'application'),
  );
}
