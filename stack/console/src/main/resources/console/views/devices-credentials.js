// How the application's devices prove who they are (docs/devices.md, device-events.md): whether a
// device must present its own secret to attach, with a warning while open attachment is on, and a
// device's secret shown to the administrator who installs it (never kept on the page), rotated
// (a new one; the device attached with the old one is detached) or revoked (the device attaches
// with nothing until its secret is rotated).
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
  const rotate = h('button', { type: 'button' }, 'Rotate secret');
  const revoke = h('button', { type: 'button', class: 'danger' }, 'Revoke secret');
  const shown = h('div', { class: 'device-secret', 'aria-live': 'polite' });
  const secretForm = h(
    'form',
    { 'aria-label': 'Device secret' },
    field('Secret of device', device, 'A device id: the device need not be attached, or even exist, yet.'),
    h('div', { class: 'actions' }, show, rotate, revoke),
    shown,
  );
  const secretPath = () => `${appPath(ctx.org, ctx.app, 'devices', device.value.trim())}/secret`;
  const drawSecret = (data) => {
    if (data.revoked) {
      replace(
        shown,
        message(
          `The secret of ${data.device} is revoked: it attaches with nothing until its secret is rotated.`,
          'error',
        ),
      );
      return;
    }
    replace(
      shown,
      h('code', { class: 'secret' }, data.secret),
      message(
        `Install it on ${data.device}: in its attach URL as ?secret=, or as its MQTT password. ` +
          "Regenerating the application's client credentials changes every device's secret.",
        'warning',
      ),
    );
  };
  secretForm.addEventListener('submit', (event) => {
    event.preventDefault();
    act(show, shown, async () => drawSecret((await ctx.api.get(secretPath())).data));
  });
  const change = async (button, title, text, action, call) => {
    if (!secretForm.reportValidity()) {
      return;
    }
    if (!(await confirm({ title, text, action }))) {
      return;
    }
    await act(button, shown, async () => drawSecret((await call()).data));
  };
  rotate.addEventListener('click', () =>
    change(
      rotate,
      'Rotate the device secret?',
      'The device gets a new secret; the old one is refused from now on, and the device, if attached with it, is detached within a second.',
      'Rotate',
      () => ctx.api.post(secretPath(), {}),
    ),
  );
  revoke.addEventListener('click', () =>
    change(
      revoke,
      'Revoke the device secret?',
      'The device is detached within a second and may not attach at all, not even under open attachment, until its secret is rotated.',
      'Revoke',
      () => ctx.api.del(secretPath()),
    ),
  );
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
