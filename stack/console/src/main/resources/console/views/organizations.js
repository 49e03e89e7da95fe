// No organization chosen: the superuser names one; an admin of none is told how to get one.
import { field, form, h, message, replace } from '../ui.js';

export async function render(ctx) {
  const name = h('input', { name: 'org', required: true, autocomplete: 'off' });
  replace(
    ctx.main,
    h('h1', {}, 'Organizations'),
    ctx.session.superuser
      ? message('As the superuser you may open any organization: name it.')
      : message(
          'You are not an admin of any organization yet. Accept an invitation, or ask an admin of ' +
            'one to add you.',
        ),
    form({
      label: 'Open an organization',
      fields: [field('Organization name', name)],
      submit: 'Open',
      onsubmit: async (values) => {
        await ctx.api.get(`/management/orgs/${encodeURIComponent(values.org.trim())}`);
        ctx.navigate(ctx.link(values.org.trim()));
      },
    }),
  );
}
