// The data browser's addresses: a collection's and an entity's hash, and the collection an entity
// lives in. Both the collection page (data.js) and the entity page (data-entity.js) link with these.

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

/** The collection an entity lives in, from its metadata path (/dogs/<uuid>). */
export function collectionOf(entity) {
  const path = (entity.metadata && entity.metadata.path) || '';
  const first = path.split('/').filter(Boolean)[0];
  return first || (entity.type ? `${entity.type}s` : '');
}
