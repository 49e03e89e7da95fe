// The data browser: an application's collections, queried with the full query language, paged
// with cursors (never a count), and its entities created, edited, deleted (one by one or by
// query, after a preview), connected and given files. Every call is the public REST API's.
import { appPath, orgPath } from '../api.js';
import {
  act,
  confirm,
  field,
  h,
  jsonEditor,
  jsonView,
  message,
  pager,
  replace,
  stylesheet,
} from '../ui.js';
import { entityView } from './data-entity.js';
import { collectionLink, collectionOf, entityLink } from './data-links.js';

/** Collections every application answers for, whether or not they hold entities yet. */
const BUILT_IN = ['users', 'groups', 'roles', 'devices'];
const DEFAULT_LIMIT = 20;

export async function render(ctx) {
  stylesheet('views/data.css');
  const [collection, entity] = ctx.params;
  if (!collection) {
    await collections(ctx);
  } else if (entity) {
    remember(ctx, collection);
    await entityView(ctx, collection, entity);
  } else {
    remember(ctx, collection);
    collectionView(ctx, collection);
  }
}

function recentKey(ctx) {
  return `meridian.console.collections.${ctx.org}/${ctx.app}`;
}

function recent(ctx) {
  try {
    return JSON.parse(sessionStorage.getItem(recentKey(ctx)) || '[]');
  } catch (ignored) {
    return [];
  }
}

function remember(ctx, collection) {
  const names = [collection, ...recent(ctx).filter((name) => name !== collection)].slice(0, 12);
  sessionStorage.setItem(recentKey(ctx), JSON.stringify(names));
}

/** The query string of the route, read from the hash as written (a query may hold any text). */
export function routeQuery() {
  const hash = window.location.hash;
  const at = hash.indexOf('?');
  return new URLSearchParams(at < 0 ? '' : hash.slice(at + 1));
}

async function collections(ctx) {
  const reply = await ctx.api.get(orgPath(ctx.org, 'apps', ctx.app));
  const stored = (reply.data && reply.data.collections) || [];
  const name = h('input', { name: 'collection', autocomplete: 'off', required: true });
  const open = h(
    'form',
    { class: 'actions', 'aria-label': 'Open a collection' },
    field('Collection name', name),
    h('button', { type: 'submit', class: 'primary' }, 'Open collection'),
  );
  open.addEventListener('submit', (event) => {
    event.preventDefault();
    const value = name.value.trim();
    if (value) {
      ctx.navigate(collectionLink(ctx, value));
    }
  });
  const seen = recent(ctx).filter((entry) => !BUILT_IN.includes(entry) && !stored.includes(entry));
  const links = (names) =>
    h(
      'ul',
      { class: 'cards' },
      names.map((entry) => h('li', {}, h('a', { href: collectionLink(ctx, entry) }, entry))),
    );
  replace(
    ctx.main,
    h('h1', {}, 'Data'),
    h(
      'p',
      { class: 'hint' },
      'Open a collection by its name, or choose one below (a collection is listed once it has ',
      'held an entity; any other name lists as empty).',
    ),
    open,
    h('h2', {}, 'Collections of this application'),
    stored.length ? links(stored) : message('No entity stored yet.'),
    h('h2', {}, 'Collections every application has'),
    links(BUILT_IN.filter((entry) => !stored.includes(entry))),
    seen.length ? [h('h2', {}, 'Opened in this tab'), links(seen)] : null,
  );
  name.focus();
}

/** The caret under the 1-based column the server's query_parse error names. */
export function queryErrorView(ql, error) {
  const found = /at position (\d+)/.exec(error.description || error.message || '');
  const parts = [h('p', { class: 'message error', role: 'alert' }, error.explain())];
  if (found) {
    const position = Math.max(1, Number(found[1]));
    const before = ql.slice(0, position - 1);
    const lineStart = before.lastIndexOf('\n') + 1;
    const lineEnd = ql.indexOf('\n', lineStart);
    const line = ql.slice(lineStart, lineEnd < 0 ? undefined : lineEnd);
    const column = position - lineStart;
    parts.push(
      h(
        'pre',
        { class: 'query-caret', 'aria-label': `The query, marked at column ${column}` },
        line,
        '\n',
        ' '.repeat(column - 1),
        h('span', { class: 'caret' }, '^'),
        ` column ${column}`,
      ),
    );
  }
  return h('div', { class: 'query-error' }, parts);
}

/** Columns: uuid and name first, then every other property the page's entities carry. */
function columnsOf(entities) {
  const skip = new Set(['uuid', 'name', 'metadata', 'type', 'created', 'modified']);
  const names = new Set();
  for (const entity of entities) {
    for (const key of Object.keys(entity)) {
      if (!skip.has(key)) {
        names.add(key);
      }
    }
  }
  return ['uuid', 'name', ...[...names].sort(), 'modified'];
}

export function cell(value) {
  if (value === undefined || value === null) {
    return '';
  }
  if (typeof value === 'object') {
    const text = JSON.stringify(value);
    return text.length > 80 ? `${text.slice(0, 77)}...` : text;
  }
  return String(value);
}

/** A page of entities as a table; uuid and name link to the entity. */
export function entityTable(ctx, collection, entities, caption) {
  if (!entities.length) {
    return message('No entity matches.');
  }
  const columns = columnsOf(entities);
  const rows = entities.map((entity) =>
    h(
      'tr',
      {},
      columns.map((column) => {
        if ((column === 'uuid' || column === 'name') && entity[column]) {
          const target = collectionOf(entity) || collection;
          return h(
            'td',
            {},
            h('a', { href: entityLink(ctx, target, entity.uuid) }, String(entity[column])),
          );
        }
        if (column === 'modified' && entity.modified) {
          return h('td', {}, new Date(entity.modified).toISOString());
        }
        return h('td', {}, cell(entity[column]));
      }),
    ),
  );
  return h(
    'table',
    { class: 'grid entities' },
    caption ? h('caption', {}, caption) : null,
    h('thead', {}, h('tr', {}, columns.map((c) => h('th', { scope: 'col' }, c)))),
    h('tbody', {}, rows),
  );
}

/** A projection's answer (`select a, b` gives `list`): one row per entity. */
function listTable(list) {
  if (!list.length) {
    return message('No entity matches.');
  }
  const objects = list.every((row) => row && typeof row === 'object' && !Array.isArray(row));
  const columns = objects
    ? [...new Set(list.flatMap((row) => Object.keys(row)))]
    : [...Array(Math.max(...list.map((row) => (Array.isArray(row) ? row.length : 1)))).keys()];
  return h(
    'table',
    { class: 'grid entities' },
    h(
      'thead',
      {},
      h('tr', {}, columns.map((c) => h('th', { scope: 'col' }, objects ? c : `#${c + 1}`))),
    ),
    h(
      'tbody',
      {},
      list.map((row) =>
        h('tr', {}, columns.map((c) => h('td', {}, cell(Array.isArray(row) || objects ? row[c] : row)))),
      ),
    ),
  );
}

function limitInput(value) {
  return h('input', {
    name: 'limit',
    type: 'number',
    min: '1',
    max: '1000',
    value: String(value),
    class: 'limit',
  });
}

function collectionView(ctx, collection) {
  const query = routeQuery();
  const ql = query.get('ql') || '';
  const limit = Math.min(1000, Math.max(1, Number(query.get('limit')) || DEFAULT_LIMIT));
  let mode = query.get('view') === 'json' ? 'json' : 'table';
  let shown = null;

  const qlInput = h('input', {
    name: 'ql',
    value: ql,
    class: 'ql',
    autocomplete: 'off',
    spellcheck: 'false',
    placeholder: "select * where name = 'a*' order by created desc",
  });
  const limitControl = limitInput(limit);
  const queryForm = h(
    'form',
    { class: 'query-form', 'aria-label': 'Query' },
    field('Query', qlInput, 'The query language of the API: select, where, order by. Empty lists newest first.'),
    field('Page size', limitControl),
    h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'primary' }, 'Run query')),
  );
  queryForm.addEventListener('submit', (event) => {
    event.preventDefault();
    ctx.navigate(
      collectionLink(ctx, collection, {
        ql: qlInput.value.trim(),
        limit: limitControl.value,
        view: mode === 'json' ? 'json' : '',
      }),
    );
  });

  const queryErrors = h('div');
  const results = h('div', { class: 'results', 'aria-live': 'polite' });
  const tableButton = h('button', { type: 'button' }, 'Table');
  const jsonButton = h('button', { type: 'button' }, 'JSON');
  const toggle = h('div', { class: 'actions', role: 'group', 'aria-label': 'Show results as' }, tableButton, jsonButton);
  const draw = () => {
    tableButton.setAttribute('aria-pressed', String(mode === 'table'));
    jsonButton.setAttribute('aria-pressed', String(mode === 'json'));
    if (!shown) {
      return;
    }
    if (mode === 'json') {
      replace(results, jsonView(shown.entities || shown.list || [], 'Results as JSON'));
    } else if (shown.list) {
      replace(results, listTable(shown.list));
    } else {
      replace(results, entityTable(ctx, collection, shown.entities || []));
    }
  };
  tableButton.addEventListener('click', () => {
    mode = 'table';
    draw();
  });
  jsonButton.addEventListener('click', () => {
    mode = 'json';
    draw();
  });

  const path = appPath(ctx.org, ctx.app, collection);
  const pages = pager(
    async (cursor) => {
      queryErrors.replaceChildren();
      try {
        return await ctx.api.get(path, { query: { ql, limit, cursor } });
      } catch (error) {
        if (error.code === 'query_parse') {
          replace(queryErrors, queryErrorView(ql, error));
          results.replaceChildren();
          return undefined;
        }
        throw error;
      }
    },
    (answer) => {
      shown = answer;
      draw();
      // The benchmark (stack/loadtests/console/browse.sh) reads this mark: the page is in the DOM.
      performance.mark('data:rendered', {
        detail: { rows: (answer.entities || answer.list || []).length },
      });
    },
    { label: 'Result pages' },
  );

  replace(
    ctx.main,
    h(
      'p',
      { class: 'crumbs' },
      h('a', { href: ctx.link(ctx.org, ctx.app, 'data') }, 'Data'),
      ' / ',
      collection,
    ),
    h('h1', {}, `Collection ${collection}`),
    queryForm,
    queryErrors,
    toggle,
    pages.element,
    results,
    newEntity(ctx, collection),
    bulkDelete(ctx, collection, ql, () => pages.reload()),
  );
  draw();
  pages.first();
}

function newEntity(ctx, collection) {
  const editor = jsonEditor({ name: '' }, { label: 'New entity (JSON)', rows: 8 });
  const errors = h('div');
  const create = h('button', { type: 'button', class: 'primary' }, 'Create entity');
  create.addEventListener('click', () =>
    act(create, errors, async () => {
      const body = editor.value();
      const reply = await ctx.api.post(appPath(ctx.org, ctx.app, collection), body);
      const made = reply.entities[0];
      ctx.navigate(entityLink(ctx, collection, made.uuid));
    }),
  );
  return h(
    'details',
    { class: 'panel' },
    h('summary', {}, 'New entity'),
    editor.element,
    h('div', { class: 'actions' }, create),
    errors,
  );
}

function bulkDelete(ctx, collection, ql, onDeleted) {
  const qlInput = h('input', { name: 'bulk-ql', value: ql, class: 'ql', autocomplete: 'off', spellcheck: 'false' });
  const limitControl = limitInput(100);
  const previewArea = h('div', { 'aria-live': 'polite' });
  const errors = h('div');
  const preview = h('button', { type: 'button' }, 'Preview');
  const remove = h('button', { type: 'button', class: 'danger', disabled: true }, 'Delete matching entities');
  let previewed = null;
  const path = appPath(ctx.org, ctx.app, collection);
  const invalidate = () => {
    previewed = null;
    remove.disabled = true;
  };
  qlInput.addEventListener('input', invalidate);
  limitControl.addEventListener('input', invalidate);
  preview.addEventListener('click', () =>
    act(preview, errors, async () => {
      invalidate();
      previewArea.replaceChildren();
      const query = qlInput.value.trim();
      const limit = Number(limitControl.value);
      let answer;
      try {
        answer = await ctx.api.get(path, { query: { ql: query, limit } });
      } catch (error) {
        if (error.code === 'query_parse') {
          replace(previewArea, queryErrorView(query, error));
          return;
        }
        throw error;
      }
      const entities = answer.entities || [];
      previewed = { ql: query, limit, count: entities.length };
      replace(
        previewArea,
        message(
          answer.cursor
            ? `The first ${entities.length} matching entities: more match, and only these would be deleted now.`
            : `${entities.length} matching ${entities.length === 1 ? 'entity' : 'entities'}: all of them would be deleted.`,
        ),
        entityTable(ctx, collection, entities, 'What would be deleted'),
      );
      remove.disabled = entities.length === 0;
    }),
  );
  remove.addEventListener('click', async () => {
    if (!previewed) {
      return;
    }
    const { ql: query, limit, count } = previewed;
    const sure = await confirm({
      title: `Delete ${count} ${count === 1 ? 'entity' : 'entities'}?`,
      text: `The entities of ${collection} that ${query ? `match "${query}"` : 'are newest'}, at most ${limit}, are deleted with their files and connections. This cannot be undone.`,
    });
    if (!sure) {
      return;
    }
    await act(remove, errors, async () => {
      const reply = await ctx.api.del(path, { query: { ql: query, limit } });
      const deleted = (reply.entities || []).length;
      invalidate();
      replace(
        previewArea,
        message(`Deleted ${deleted} ${deleted === 1 ? 'entity' : 'entities'}.`, 'ok'),
      );
      onDeleted();
    });
  });
  return h(
    'details',
    { class: 'panel' },
    h('summary', {}, 'Delete by query'),
    h(
      'p',
      { class: 'hint' },
      'Preview what a query selects, then delete exactly that many (at most 1,000 at a time).',
    ),
    field('Delete query', qlInput),
    field('At most', limitControl),
    h('div', { class: 'actions' }, preview, remove),
    previewArea,
    errors,
  );
}
