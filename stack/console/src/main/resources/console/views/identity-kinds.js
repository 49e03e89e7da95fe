// The identity collections (users, groups, roles): how each is labelled, which property names its
// entities and what a new one starts from. The lists, the pages and the memberships all read these.

/** The three collections, with the property that names their entities. */
export const KINDS = {
  users: { label: 'Users', one: 'user', key: 'username', template: { username: '', email: '', name: '' } },
  groups: { label: 'Groups', one: 'group', key: 'path', template: { path: '', title: '' } },
  roles: { label: 'Roles', one: 'role', key: 'name', template: { name: '', title: '' } },
};

/** What names an entity of a kind: its username, path or name, else its uuid. */
export function nameOf(kind, entity) {
  return entity[KINDS[kind].key] || entity.name || entity.uuid;
}
