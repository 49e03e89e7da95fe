// The data browser: an application's collections, queried with the full query language, paged
// with cursors (never a count), and its entities created, edited, deleted (one by one or by
// query, after a preview), connected and given files. Every call is the public REST API's.
// Here: the list of collections and a collection's page; an entity's page is data-entity.js,
// the results' tables data-query.js, delete by query data-bulk.js.
import { appPath, orgPath } from '../api.js';
import { jsonEditor, jsonView } from '../json.js';
import { act, field, h, message, pager, replace, stylesheet } from '../ui.js';
import { bulkDelete } from './data-bulk.js';
import { entityView } from './data-entity.js';
import { collectionLink, crumbs, entityLink, routeQuery } from './data-links.js';
import { entityTable, limitInput, listTable, queryErrorView } from './data-query.js';

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
    crumbs(ctx, collection),
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

