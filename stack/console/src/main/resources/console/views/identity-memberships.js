// Who holds what: an opened user's roles and groups, a group's members and roles, a role's users
// and groups, each paged and with add and remove through the API's own routes (only
// administrators may call them).
import { appPath } from '../api.js';
import { act, buttonColumn, field, form, h, pager, replace, table } from '../ui.js';
import { KINDS, nameOf } from './identity-kinds.js';

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

/** The membership panels of an entity of `kind`: {element, load()} each. */
export function membershipPanels(ctx, kind, entity) {
  return MEMBERSHIPS[kind].map((membership) => memberships(ctx, kind, entity, membership));
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
            buttonColumn(
              'Remove',
              (e) => `Remove ${other.one} ${nameOf(collection, e)}`,
              (button, e) =>
                act(button, status, async () => {
                  await ctx.api.del(appPath(ctx.org, ctx.app, ...base, e.uuid));
                  await pages.first();
                }),
            ),
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
