// How the application's devices prove who they are (docs/devices.md, device-events.md): whether a
// device must present its own secret to attach, with a warning while open attachment is on, and a
// device's secret shown to the administrator who installs it (never kept on the page).
import { appPath } from '../api.js';
import { act, confirm, field, h, message, replace, titledSection } from '../ui.js';

const OPEN_WARNING =
  'Open attachment is on: anyone who has the application key (it is public, in every app) can ' +
  'attach under any device id that is not attached with its secret, receive its RPCs, answer ' +
  'them and send events in its name.';

export function credentialsSection(ctx) {
  const settingsPath = appPath(ctx.org, ctx.app, 'devices', '_settings');
  const state = h('div', { 'aria-live': 'polite' });
  const errors = h('div');
  const toggle = h('button', { type: 'button' }, '…');
  let required = true;
  const draw = (settings) => {
    required = settings.device_secret_required !== false;
    toggle.textContent = required ? 'Allow open attachment' : 'Require device secrets';
    toggle.className = required ? 'danger' : 'primary';
    replace(
      state,
      required
        ? message('Devices must present their own secret to attach.')
        : message(OPEN_WARNING, 'error'),
    );
  };
  const load = () =>
    act(null, errors, async () => draw((await ctx.api.get(settingsPath)).data || {}));
  toggle.addEventListener('click', async () => {
    if (required) {
      const sure = await confirm({
        title: 'Allow open attachment?',
        text: OPEN_WARNING + ' A device attached with its secret is never displaced by one without.',
        action: 'Allow',
      });
      if (!sure) {
        return;
      }
    }
    await act(toggle, errors, async () => {
      const reply = await ctx.api.put(settingsPath, { device_secret_required: !required });
      draw(reply.data || {});
    });
  });

  const device = h('input', { name: 'device', autocomplete: 'off', required: true });
  const show = h('button', { type: 'submit' }, 'Show device secret');
  const shown = h('div', { class: 'device-secret', 'aria-live': 'polite' });
  const secretForm = h(
    'form',
    { 'aria-label': 'Device secret' },
    field('Secret of device', device, 'A device id: the device need not be attached, or even exist, yet.'),
    h('div', { class: 'actions' }, show),
    shown,
  );
  secretForm.addEventListener('submit', (event) => {
    event.preventDefault();
    const id = device.value.trim();
    act(show, shown, async () => {
      const reply = await ctx.api.get(`${appPath(ctx.org, ctx.app, 'devices', id)}/secret`);
      replace(
        shown,
        h('code', { class: 'secret' }, reply.data.secret),
        message(
          `Install it on ${id}: in its attach URL as ?secret=, or as its MQTT password. ` +
            "Regenerating the application's client credentials changes every device's secret.",
          'warning',
        ),
      );
    });
  });
  ctx.onLeave(() => shown.replaceChildren());
  const element = titledSection(
    'device-credentials-title',
    'Device credentials',
    state,
    h('div', { class: 'actions' }, toggle),
    errors,
    secretForm,
  );
  return { element, load };
}
