// The permissions granted directly to a user, group or role: listed, granted (the server checks
// and normalises the pattern, and explains one it refuses) and revoked.
import { appPath } from '../api.js';
import { act, buttonColumn, field, form, h, replace, table } from '../ui.js';

/** The permissions granted to the entity itself: list, grant, revoke. */
export function permissions(ctx, kind, entity, name) {
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
            buttonColumn(
              'Revoke',
              (text) => `Revoke ${text}`,
              (button, text) =>
                act(button, status, async () => {
                  await ctx.api.del(path, { query: { permission: text } });
                  await draw();
                }),
              { danger: true },
            ),
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
