// Client credentials (of an organization or an application): hidden until asked for, shown once
// (they vanish again when the admin leaves or hides them), and regenerated with a confirmation.
import { act, confirm, h, message, replace } from '../ui.js';

/**
 * @param path the management path of the credentials (GET shows, POST regenerates)
 * @param whose "organization" or "application", for the words on the page
 */
export function credentialsPanel(ctx, path, whose) {
  const shown = h('div', { class: 'credentials', 'aria-live': 'polite' });
  const errors = h('div');
  const show = h('button', { type: 'button' }, 'Show client credentials');
  const hide = h('button', { type: 'button', hidden: true }, 'Hide');
  const regenerate = h('button', { type: 'button', class: 'danger' }, 'Regenerate');
  const draw = (reply) => {
    const credentials = reply.credentials || {};
    replace(
      shown,
      h(
        'dl',
        {},
        h('dt', {}, 'Client id'),
        h('dd', {}, h('code', { class: 'client-id' }, credentials.client_id)),
        h('dt', {}, 'Client secret'),
        h('dd', {}, h('code', { class: 'client-secret' }, credentials.client_secret)),
      ),
      message(
        'Copy the secret now: it is shown only until you hide it or leave this page. It belongs ' +
          'in a server or a script, never in a browser or an app.',
        'warning',
      ),
    );
    hide.hidden = false;
  };
  show.addEventListener('click', () =>
    act(show, errors, async () => draw(await ctx.api.get(path))),
  );
  hide.addEventListener('click', () => {
    shown.replaceChildren();
    hide.hidden = true;
  });
  regenerate.addEventListener('click', async () => {
    const sure = await confirm({
      title: `Regenerate the ${whose}'s client credentials?`,
      text: 'The current secret stops working at once: every script using it fails until it gets the new one.',
      action: 'Regenerate',
    });
    if (sure) {
      await act(regenerate, errors, async () => draw(await ctx.api.post(path)));
    }
  });
  ctx.onLeave(() => shown.replaceChildren());
  return h(
    'section',
    { 'aria-label': `${whose} credentials` },
    h('h2', {}, 'Client credentials'),
    h('div', { class: 'actions' }, show, hide, regenerate),
    shown,
    errors,
  );
}
