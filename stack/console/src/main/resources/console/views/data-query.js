// A query and its answer in the data browser: a page of entities as a table (uuid and name
// linked), a projection's rows, a query the server could not read (marked with a caret where it
// says), and the page-size control the query and delete-by-query forms share.
import { h, message } from '../ui.js';
import { collectionOf, entityLink } from './data-links.js';

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

function cell(value) {
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
export function listTable(list) {
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

/** The page size or the most to delete: 1 to 1,000. */
export function limitInput(value) {
  return h('input', {
    name: 'limit',
    type: 'number',
    min: '1',
    max: '1000',
    value: String(value),
    class: 'limit',
  });
}
