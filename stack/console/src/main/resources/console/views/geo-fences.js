// The Geo section's fences (entities whose geometry is a Polygon or MultiPolygon): their table,
// "which fences contain a point", and the editor that draws a new fence or moves the vertices of
// a Polygon. `geo` is what the page's parts share (see geo.js).
import { act, field, form, h, message, replace } from '../ui.js';
import { ringToVertices, verticesToRing } from './geo-map.js';
import {
  PAGE,
  coordinate,
  decimal,
  formatVertices,
  nameOf,
  number,
  parseVertices,
  vertexCount,
} from './geo-values.js';

/** Fences with Show and, for a Polygon, Edit vertices; `purpose` ("all", "lookup") classes it. */
export function fenceTable(geo, list, caption, purpose) {
  return h(
    'table',
    { class: `grid fences ${purpose}` },
    h('caption', {}, caption),
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        ['Name', 'Type', 'Vertices', 'UUID', 'Actions'].map((label) => h('th', { scope: 'col' }, label)),
      ),
    ),
    h(
      'tbody',
      {},
      list.map((fence) =>
        h(
          'tr',
          { 'data-uuid': fence.uuid },
          h('td', {}, nameOf(fence)),
          h('td', {}, fence.geometry.type),
          h('td', {}, String(vertexCount(fence.geometry))),
          h('td', {}, h('code', {}, fence.uuid)),
          h(
            'td',
            { class: 'actions' },
            h(
              'button',
              {
                type: 'button',
                'aria-label': `Show ${nameOf(fence)} on the map`,
                onclick: () => geo.view.focusFence(fence.uuid),
              },
              'Show',
            ),
            fence.geometry.type === 'Polygon'
              ? h(
                  'button',
                  {
                    type: 'button',
                    'aria-label': `Edit the vertices of ${nameOf(fence)}`,
                    onclick: () => geo.edit(fence),
                  },
                  'Edit vertices',
                )
              : null,
          ),
        ),
      ),
    ),
  );
}

/** "Which fences contain a point": its form and results; `run(lat, lon)` looks a point up. */
export function pointLookup(geo) {
  const latitude = h('input', { name: 'latitude', inputmode: 'decimal', required: true });
  const longitude = h('input', { name: 'longitude', inputmode: 'decimal', required: true });
  const results = h('div', { class: 'lookup-results', 'aria-live': 'polite' });

  async function lookup(lat, lon) {
    const ql = `select * where geometry contains ${decimal(lat)}, ${decimal(lon)}`;
    const reply = await geo.api.get(geo.path(), { query: { ql, limit: PAGE } });
    const found = (reply && reply.entities) || [];
    geo.view.showLookup(lat, lon);
    geo.view.highlight(found.map((entity) => entity.uuid));
    replace(
      results,
      message(
        `${found.length} ${found.length === 1 ? 'fence contains' : 'fences contain'} ${number(lat)}, ${number(lon)}.`,
      ),
      found.length
        ? fenceTable(geo, found, `Fences containing ${number(lat)}, ${number(lon)}`, 'lookup')
        : null,
    );
  }

  const element = h(
    'section',
    { 'aria-label': 'Point lookup' },
    h('h2', {}, 'Which fences contain a point'),
    form({
      label: 'Point lookup',
      fields: [field('Latitude', latitude), field('Longitude', longitude)],
      submit: 'Find fences',
      onsubmit: (values) =>
        lookup(coordinate(values.latitude, 'latitude', 90), coordinate(values.longitude, 'longitude', 180)),
    }),
    results,
  );
  return { element, latitude, longitude, results, run: lookup };
}

/** The fence editor, drawn in `panel`: a new fence (no `fence`) or the vertices of a Polygon. */
export function fenceEditor(geo, panel, fence) {
  const { api, path, view, news } = geo;
  const holes = fence ? fence.geometry.coordinates.slice(1) : [];
  const name = h('input', { name: 'name', autocomplete: 'off', value: fence ? nameOf(fence) : '' });
  const area = h('textarea', { name: 'vertices', rows: 6, spellcheck: 'false' });
  const count = h('small', { class: 'hint', 'aria-live': 'polite' });
  const errors = h('div', { class: 'form-errors' });
  const finish = h('button', { type: 'button', class: 'primary' }, 'Finish');
  const cancel = h('button', { type: 'button' }, 'Cancel');
  const undo = h('button', { type: 'button' }, 'Remove last vertex');
  let vertices = fence ? ringToVertices(fence.geometry.coordinates[0]) : [];
  const described = (list) =>
    replace(count, `${list.length} ${list.length === 1 ? 'vertex' : 'vertices'}${list.length < 3 ? '; a fence needs at least 3' : ''}.`);
  const editor = view.edit(vertices, (next) => {
    vertices = next.map((vertex) => [...vertex]);
    area.value = formatVertices(vertices);
    area.removeAttribute('aria-invalid');
    described(vertices);
  });
  area.value = formatVertices(vertices);
  described(vertices);
  area.addEventListener('input', () => {
    try {
      vertices = parseVertices(area.value);
      area.removeAttribute('aria-invalid');
      editor.set(vertices);
      described(vertices);
    } catch (error) {
      area.setAttribute('aria-invalid', 'true');
      replace(count, error.message);
    }
  });
  const close = () => {
    editor.stop();
    panel.replaceChildren();
  };
  undo.addEventListener('click', () => {
    vertices = vertices.slice(0, -1);
    editor.set(vertices);
    area.value = formatVertices(vertices);
    described(vertices);
  });
  cancel.addEventListener('click', () => {
    close();
    replace(news, message(fence ? `The vertices of ${nameOf(fence)} are unchanged.` : 'No fence was drawn.'));
  });
  finish.addEventListener('click', () =>
    act(finish, errors, async () => {
      const list = parseVertices(area.value);
      if (list.length < 3) {
        throw new Error('A fence needs at least 3 vertices: click the map or type them above.');
      }
      const geometry = { type: 'Polygon', coordinates: [verticesToRing(list), ...holes] };
      const body = { geometry };
      if (name.value.trim()) {
        body.name = name.value.trim();
      }
      let reply;
      try {
        reply = fence
          ? await api.put(path(fence.uuid), body)
          : await api.post(path(), body);
      } catch (error) {
        if (error.status === 400 && typeof error.explain === 'function') {
          throw new Error(`The server refused this fence: ${error.explain()}`);
        }
        throw error;
      }
      const saved = (reply && reply.entities && reply.entities[0]) || {};
      close();
      await geo.reload();
      replace(news, message(`Fence ${nameOf(saved) || body.name || ''} is saved.`, 'ok'));
    }),
  );
  replace(
    panel,
    h('h2', {}, fence ? `Edit the vertices of ${nameOf(fence)}` : 'Draw a new fence'),
    h(
      'p',
      { class: 'hint' },
      fence
        ? 'Drag a vertex on the map, click the map to add one at the end, or edit the list. '
        : 'Click the map to add vertices in order, or type them, one "latitude, longitude" a line. ',
      'Finish saves the fence; the server checks it (no self-intersection, at most 180° of longitude per edge).',
    ),
    field(
      'Fence name',
      name,
      fence ? 'Only the vertices change here; rename it in the Data section.' : 'Optional: the entity\'s name.',
    ),
    field('Vertices (latitude, longitude per line)', area),
    count,
    h('div', { class: 'actions' }, finish, undo, cancel),
    errors,
  );
  if (fence) {
    name.disabled = true;
    view.focusFence(fence.uuid);
  }
  area.focus({ preventScroll: true });
}
