// The data browser's addresses: a collection's and an entity's hash, the query the route carries,
// the collection an entity lives in and the trail of links above a page. The collection page
// (data.js), its tables (data-query.js) and the entity page (data-entity.js) link with these.
import { h } from '../ui.js';

export function collectionLink(ctx, collection, query = {}) {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') {
      search.set(name, value);
    }
  }
  const text = search.toString().replace(/\+/g, '%20');
  return ctx.link(ctx.org, ctx.app, 'data', collection) + (text ? `?${text}` : '');
}

export function entityLink(ctx, collection, id) {
  return ctx.link(ctx.org, ctx.app, 'data', collection, id);
}

/**
 * The collection an entity lives in: from its own metadata path (/dogs/<uuid>), else from its type.
 * An entity listed through a connection carries the path it was reached by, as Usergrid's do
 * (/owners/<uuid>/owns/<uuid>), whose first segment is the source's collection, not its own.
 */
export function collectionOf(entity) {
  const path = (entity.metadata && entity.metadata.path) || '';
  const segments = path.split('/').filter(Boolean);
  if (segments.length === 2) {
    return segments[0];
  }
  return entity.type ? `${entity.type}s` : '';
}

/** The query string of the route, read from the hash as written (a query may hold any text). */
export function routeQuery() {
  const hash = window.location.hash;
  const at = hash.indexOf('?');
  return new URLSearchParams(at < 0 ? '' : hash.slice(at + 1));
}

/** The trail above a page of the data browser: "Data / " then `trail`, the last part as text. */
export function crumbs(ctx, ...trail) {
  return h(
    'p',
    { class: 'crumbs' },
    h('a', { href: ctx.link(ctx.org, ctx.app, 'data') }, 'Data'),
    trail.map((part) => [' / ', part]),
  );
}
