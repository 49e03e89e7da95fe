// One entity in the data browser: its JSON, edited in place (PUT) or deleted; its connections
// both ways, with links to the entities at their other end; its file, uploaded, previewed (an
// image fetched with the admin's token, shown from a blob: URL) and downloaded.
import { appPath } from '../api.js';
import { jsonEditor, jsonView } from '../json.js';
import { act, confirm, field, h, message, pager, replace } from '../ui.js';
import { collectionLink, collectionOf, crumbs, entityLink } from './data-links.js';

/** Properties the server sets: shown, never sent back. */
const SERVER_SET = ['uuid', 'type', 'created', 'modified', 'metadata', 'file-metadata'];
/** Types a browser only displays (docs/assets.md): safe to preview. */
const PREVIEWABLE = /^image\/(png|jpeg|gif|webp|avif|bmp)$/;

export async function entityView(ctx, collection, id, notice) {
  const path = appPath(ctx.org, ctx.app, collection, id);
  const reply = await ctx.api.get(path);
  const entity = reply.entities[0];
  const label = entity.name || entity.uuid;
  const news = h('div', { 'aria-live': 'polite' }, notice ? message(notice, 'ok') : null);
  replace(
    ctx.main,
    crumbs(ctx, h('a', { href: collectionLink(ctx, collection) }, collection), label),
    h('h1', {}, `Entity ${collection}/${label}`),
    news,
    jsonView(entity, 'The entity as JSON'),
    editPanel(ctx, collection, entity),
    connectionsPanel(ctx, collection, entity),
    filePanel(ctx, collection, entity),
  );
}

function editable(entity) {
  const copy = { ...entity };
  for (const key of SERVER_SET) {
    delete copy[key];
  }
  return copy;
}

function editPanel(ctx, collection, entity) {
  const original = editable(entity);
  const editor = jsonEditor(original, { label: 'Properties (JSON)', rows: 12 });
  const errors = h('div');
  const save = h('button', { type: 'button', class: 'primary' }, 'Save changes');
  const remove = h('button', { type: 'button', class: 'danger' }, 'Delete entity');
  const path = appPath(ctx.org, ctx.app, collection, entity.uuid);
  save.addEventListener('click', () =>
    act(save, errors, async () => {
      const body = editor.value();
      // A PUT merges: a property taken out of the text is removed by sending it as null.
      for (const key of Object.keys(original)) {
        if (!(key in body)) {
          body[key] = null;
        }
      }
      await ctx.api.put(path, body);
      await entityView(ctx, collection, entity.uuid, 'Saved.');
    }),
  );
  remove.addEventListener('click', async () => {
    const sure = await confirm({
      title: `Delete ${collection}/${entity.name || entity.uuid}?`,
      text: 'The entity is deleted with its file and its connections both ways. This cannot be undone.',
    });
    if (sure) {
      await act(remove, errors, async () => {
        await ctx.api.del(path);
        ctx.navigate(collectionLink(ctx, collection));
      });
    }
  });
  return h(
    'section',
    { 'aria-label': 'Edit' },
    h('h2', {}, 'Edit'),
    editor.element,
    h('div', { class: 'actions' }, save, remove),
    errors,
  );
}

/** One verb's connected entities, paged; each links to the entity and can be disconnected. */
function verbList(ctx, entity, collection, verb, direction) {
  const base = appPath(ctx.org, ctx.app, collection, entity.uuid);
  const listPath = direction === 'out' ? `${base}/${encodeURIComponent(verb)}` : `${base}/connecting/${encodeURIComponent(verb)}`;
  const rows = h('ul', { class: 'connected' });
  const errors = h('div');
  const pages = pager(
    (cursor) => ctx.api.get(listPath, { query: { limit: 20, cursor } }),
    (answer) => {
      replace(
        rows,
        (answer.entities || []).map((other) => {
          const otherCollection = collectionOf(other);
          const disconnect = h(
            'button',
            { type: 'button', class: 'danger', 'aria-label': `Disconnect ${verb} ${other.name || other.uuid}` },
            'Disconnect',
          );
          disconnect.addEventListener('click', async () => {
            const sure = await confirm({
              title: 'Remove this connection?',
              text: 'Only the connection goes; both entities stay.',
              action: 'Disconnect',
            });
            if (!sure) {
              return;
            }
            const target =
              direction === 'out'
                ? `${base}/${encodeURIComponent(verb)}/${encodeURIComponent(other.uuid)}`
                : `${appPath(ctx.org, ctx.app, otherCollection, other.uuid)}/${encodeURIComponent(verb)}/${encodeURIComponent(entity.uuid)}`;
            await act(disconnect, errors, async () => {
              await ctx.api.del(target);
              await entityView(
                ctx,
                collection,
                entity.uuid,
                `Disconnected ${verb} ${other.name || other.uuid}.`,
              );
            });
          });
          return h(
            'li',
            {},
            direction === 'out' ? `${verb} → ` : `← ${verb} `,
            h(
              'a',
              { href: entityLink(ctx, otherCollection, other.uuid) },
              `${otherCollection}/${other.name || other.uuid}`,
            ),
            ' ',
            disconnect,
          );
        }),
      );
    },
    { label: `${direction === 'out' ? 'Outgoing' : 'Incoming'} ${verb} pages` },
  );
  pages.first();
  return h('div', { class: 'verb' }, h('h4', {}, verb), rows, pages.element, errors);
}

function connectionsPanel(ctx, collection, entity) {
  const metadata = entity.metadata || {};
  const outgoing = Object.keys(metadata.connections || {}).sort();
  const incoming = Object.keys(metadata.connecting || {}).sort();
  const verb = h('input', { name: 'verb', autocomplete: 'off', required: true });
  const targetCollection = h('input', { name: 'target-collection', autocomplete: 'off' });
  const target = h('input', { name: 'target', autocomplete: 'off', required: true });
  const errors = h('div');
  const connect = h(
    'form',
    { class: 'form', 'aria-label': 'New connection' },
    h('h3', {}, 'New connection'),
    field('Verb', verb, 'likes, owns, follows...'),
    field('Target collection', targetCollection, 'Leave empty when the target is a uuid.'),
    field('Target name or uuid', target),
    h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'primary' }, 'Connect')),
    errors,
  );
  connect.addEventListener('submit', (event) => {
    event.preventDefault();
    act(connect.querySelector('button'), errors, async () => {
      const base = appPath(ctx.org, ctx.app, collection, entity.uuid);
      const tail = targetCollection.value.trim()
        ? [targetCollection.value.trim(), target.value.trim()]
        : [target.value.trim()];
      await ctx.api.post(
        `${base}/${encodeURIComponent(verb.value.trim())}/${tail.map(encodeURIComponent).join('/')}`,
        undefined,
      );
      await entityView(ctx, collection, entity.uuid, `Connected under ${verb.value.trim()}.`);
    });
  });
  return h(
    'section',
    { 'aria-label': 'Connections' },
    h('h2', {}, 'Connections'),
    h('div', { class: 'two' },
      h(
        'div',
        {},
        h('h3', {}, 'Outgoing'),
        outgoing.length
          ? outgoing.map((name) => verbList(ctx, entity, collection, name, 'out'))
          : message('This entity connects to nothing.'),
      ),
      h(
        'div',
        {},
        h('h3', {}, 'Incoming'),
        incoming.length
          ? incoming.map((name) => verbList(ctx, entity, collection, name, 'in'))
          : message('Nothing connects to this entity.'),
      ),
    ),
    connect,
  );
}

function filePanel(ctx, collection, entity) {
  const meta = entity['file-metadata'];
  const path = appPath(ctx.org, ctx.app, collection, entity.uuid);
  const errors = h('div');
  const chooser = h('input', { type: 'file', name: 'file' });
  const upload = h('button', { type: 'button', class: 'primary' }, 'Upload file');
  upload.addEventListener('click', () =>
    act(upload, errors, async () => {
      const file = chooser.files[0];
      if (!file) {
        throw new Error('Choose a file first.');
      }
      const form = new FormData();
      form.append('file', file, file.name);
      await ctx.api.request('PUT', path, { body: form });
      await entityView(ctx, collection, entity.uuid, `Uploaded ${file.name}.`);
    }),
  );
  const preview = h('div', { class: 'preview' });
  const parts = [];
  if (meta) {
    const type = meta['content-type'];
    const fetchBlob = async () => {
      const response = await ctx.api.request('GET', path, { accept: type, raw: true });
      return response.blob();
    };
    const download = h('button', { type: 'button' }, 'Download file');
    download.addEventListener('click', () =>
      act(download, errors, async () => {
        const url = URL.createObjectURL(await fetchBlob());
        const extension = (type.split('/')[1] || 'bin').replace(/[^a-z0-9]/gi, '');
        const anchor = h('a', { href: url, download: `${entity.name || entity.uuid}.${extension}`, hidden: true });
        document.body.appendChild(anchor);
        anchor.click();
        anchor.remove();
        setTimeout(() => URL.revokeObjectURL(url), 60000);
      }),
    );
    parts.push(
      h(
        'dl',
        {},
        h('dt', {}, 'Type'),
        h('dd', {}, type),
        h('dt', {}, 'Size'),
        h('dd', {}, `${meta['content-length']} bytes`),
        h('dt', {}, 'Checksum (MD5)'),
        h('dd', {}, h('code', {}, meta.checksum)),
      ),
      h('div', { class: 'actions' }, download),
    );
    if (PREVIEWABLE.test(type)) {
      act(null, errors, async () => {
        const url = URL.createObjectURL(await fetchBlob());
        ctx.onLeave(() => URL.revokeObjectURL(url));
        replace(preview, h('img', { src: url, alt: `The file of ${entity.name || entity.uuid}` }));
      });
    }
  } else {
    parts.push(message('This entity has no file.'));
  }
  return h(
    'section',
    { 'aria-label': 'File' },
    h('h2', {}, 'File'),
    parts,
    preview,
    h('div', { class: 'actions' }, field(meta ? 'Replace the file' : 'Choose a file', chooser), upload),
    errors,
  );
}
