// Push notifiers: the list (public settings only: the API never returns credentials), a form per
// provider with the fields the API takes, and deletion with a confirmation. Credentials typed
// here are sent once and cleared from the form: the console never shows them back.
import { appPath } from '../api.js';
import { act, buttonColumn, confirm, field, form, h, message, replace, table, time } from '../ui.js';

/** The providers the API knows, and the fields each takes. `secret` fields are write-only. */
const PROVIDERS = {
  'apple-token': {
    label: 'Apple (APNs), token key (.p8)',
    provider: 'apple',
    fields: [
      { name: 'topic', label: 'Topic (the app bundle id)', required: true },
      { name: 'keyId', label: 'Key id', required: true },
      { name: 'teamId', label: 'Team id', required: true },
      { name: 'p8', label: 'Signing key (.p8 PEM text)', secret: true, multiline: true, required: true },
    ],
  },
  'apple-certificate': {
    label: 'Apple (APNs), certificate (.p12)',
    provider: 'apple',
    fields: [
      { name: 'topic', label: 'Topic (the app bundle id)', required: true },
      { name: 'p12Certificate', label: 'Certificate (.p12 file)', secret: true, file: 'base64', required: true },
      { name: 'certificatePassword', label: 'Certificate password', secret: true },
    ],
  },
  google: {
    label: 'Google (FCM HTTP v1)',
    provider: 'google',
    fields: [
      {
        name: 'serviceAccount',
        label: 'Service account key (JSON)',
        secret: true,
        multiline: true,
        json: true,
        required: true,
      },
      { name: 'projectId', label: 'Project id (optional: the key’s project_id by default)' },
    ],
  },
  noop: { label: 'No-op (sends nothing; for tests and staging)', provider: 'noop', fields: [] },
};

/** Settings worth showing in the list: what the API returns minus the entity's own fields. */
const SETTINGS = ['environment', 'topic', 'keyId', 'teamId', 'projectId'];

/**
 * The notifiers panel.
 * @param onchange called after a notifier is created or deleted (the send form lists them)
 */
export function notifiersPanel(ctx, onchange) {
  const { api, org, app } = ctx;
  const list = h('div');
  const status = h('div', { 'aria-live': 'polite' });

  async function draw() {
    await act(null, list, async () => {
      const reply = await api.get(appPath(org, app, 'notifiers'), { query: { limit: 100 } });
      const rows = reply.entities || [];
      replace(
        list,
        table({
          caption: 'Notifiers of this application',
          columns: [
            { label: 'Name', value: (row) => row.name },
            { label: 'Provider', value: (row) => row.provider },
            { label: 'Settings', value: (row) => settingsOf(row) },
            { label: 'Created', value: (row) => time(row.created) },
            buttonColumn('Delete', (row) => `Delete notifier ${row.name}`, remove, { danger: true }),
          ],
          rows,
          empty: 'No notifiers yet: create one below to send through APNs or FCM.',
        }),
      );
    });
  }

  async function remove(button, { name }) {
    const sure = await confirm({
      title: `Delete notifier ${name}?`,
      text:
        'Its credentials are deleted with it, and notifications naming it are refused. Devices ' +
        `keep their ${name}.notifier.id tokens.`,
    });
    if (!sure) {
      return;
    }
    await act(button, status, async () => {
      await api.del(appPath(org, app, 'notifiers', name));
      replace(status, message(`Notifier ${name} is deleted.`, 'ok'));
      await draw();
      onchange();
    });
  }

  const element = h(
    'section',
    { 'aria-label': 'Notifiers' },
    h('h2', {}, 'Notifiers'),
    status,
    list,
    newNotifier(ctx, async (name) => {
      replace(status, message(`Notifier ${name} is created.`, 'ok'));
      await draw();
      onchange();
    }),
  );
  return { element, draw };
}

function settingsOf(row) {
  const shown = SETTINGS.filter((key) => row[key] !== undefined && row[key] !== null && row[key] !== '');
  if (!shown.length) {
    return '—';
  }
  return h(
    'dl',
    { class: 'settings' },
    shown.map((key) => [h('dt', {}, key), h('dd', {}, String(row[key]))]),
  );
}

/** The creation form: its provider-specific fields are redrawn when the provider changes. */
function newNotifier(ctx, oncreated) {
  const { api, org, app } = ctx;
  const name = h('input', { name: 'name', required: true, autocomplete: 'off', pattern: '[A-Za-z0-9_.\\-]+' });
  const kind = h(
    'select',
    {},
    Object.entries(PROVIDERS).map(([id, spec]) => h('option', { value: id }, spec.label)),
  );
  const environment = h(
    'select',
    {},
    h('option', { value: 'development' }, 'Development (sandbox)'),
    h('option', { value: 'production' }, 'Production'),
  );
  const environmentField = field('APNs environment', environment);
  const specific = h('div');
  let controls = [];

  function drawFields() {
    const spec = PROVIDERS[kind.value];
    environmentField.hidden = spec.provider !== 'apple';
    controls = spec.fields.map((item) => ({ item, control: control(item) }));
    replace(
      specific,
      controls.map(({ item, control: input }) =>
        field(item.label, input, item.secret ? 'Write-only: stored sealed, never shown again.' : null),
      ),
    );
  }
  kind.addEventListener('change', drawFields);
  drawFields();

  return form({
    label: 'New notifier',
    heading: h('h3', {}, 'New notifier'),
    fields: [
      field('Notifier name', name, 'Payloads name it; devices keep their token as <name>.notifier.id.'),
      field('Provider', kind),
      environmentField,
      specific,
    ],
    submit: 'Create notifier',
    onsubmit: async () => {
      const spec = PROVIDERS[kind.value];
      const body = { name: name.value.trim(), provider: spec.provider };
      if (spec.provider === 'apple') {
        body.environment = environment.value;
      }
      for (const { item, control: input } of controls) {
        const value = await valueOf(item, input);
        if (value !== undefined) {
          body[item.name] = value;
        }
      }
      await api.post(appPath(org, app, 'notifiers'), body);
      const created = body.name;
      // Credentials leave the page as soon as the server has them.
      name.value = '';
      drawFields();
      await oncreated(created);
    },
  });
}

function control(item) {
  if (item.file) {
    return h('input', { type: 'file', name: item.name, required: item.required });
  }
  if (item.multiline) {
    return h('textarea', {
      name: item.name,
      rows: 6,
      spellcheck: 'false',
      autocomplete: 'off',
      required: item.required,
      class: 'secret',
    });
  }
  return h('input', {
    name: item.name,
    type: item.secret ? 'password' : 'text',
    autocomplete: item.secret ? 'new-password' : 'off',
    required: item.required,
  });
}

/** A field's value for the API, or undefined when left empty. Bad JSON is explained. */
async function valueOf(item, input) {
  if (item.file) {
    const file = input.files && input.files[0];
    if (!file) {
      return undefined;
    }
    const bytes = new Uint8Array(await file.arrayBuffer());
    let binary = '';
    for (const byte of bytes) {
      binary += String.fromCharCode(byte);
    }
    return btoa(binary);
  }
  const text = input.value.trim();
  if (!text) {
    return undefined;
  }
  if (item.json) {
    try {
      return JSON.parse(text);
    } catch (error) {
      throw new Error(`The ${item.label.toLowerCase()} is not valid JSON: paste the whole key file.`);
    }
  }
  return text;
}
