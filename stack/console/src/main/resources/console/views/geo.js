// The Geo section: a collection's fences and places on an offline map, drawing and editing
// fences, point lookups ("which fences contain this point") and `within` circles. Every action
// has a form and a table beside the map, so it works with the keyboard and a screen reader.
import { appPath } from '../api.js';
import { act, field, form, h, message, replace, stylesheet } from '../ui.js';
import { createMap, mapSummary, ringToVertices, verticesToRing } from './geo-map.js';

const PAGE = 1000;
const SHOWN_PLACES = 100;
const PROPERTY = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;

function isFence(entity) {
  const geometry = entity.geometry;
  return (
    geometry &&
    (geometry.type === 'Polygon' || geometry.type === 'MultiPolygon') &&
    Array.isArray(geometry.coordinates)
  );
}

/** The entity's point: its `location` (either form) or a Point `geometry`; else null. */
function pointOf(entity, property = 'location') {
  let value = entity;
  for (const part of property.split('.')) {
    value = value && value[part];
  }
  if (value && typeof value.latitude === 'number' && typeof value.longitude === 'number') {
    return { lat: value.latitude, lon: value.longitude };
  }
  if (value && value.type === 'Point' && Array.isArray(value.coordinates)) {
    return { lat: value.coordinates[1], lon: value.coordinates[0] };
  }
  const geometry = entity.geometry;
  if (property === 'location' && geometry && geometry.type === 'Point') {
    return { lat: geometry.coordinates[1], lon: geometry.coordinates[0] };
  }
  return null;
}

function nameOf(entity) {
  return entity.name || entity.title || entity.uuid;
}

function vertexCount(geometry) {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  return polygons.reduce((sum, rings) => sum + rings.reduce((n, ring) => n + ring.length - 1, 0), 0);
}

function number(value) {
  return Math.round(value * 1e6) / 1e6;
}

/** A coordinate as the query language reads it: plain decimals, never an exponent. */
function decimal(value) {
  return value.toFixed(7);
}

/** A latitude or longitude typed by the admin, checked in the admin's terms. */
function coordinate(text, what, limit) {
  const value = Number(String(text).trim());
  if (String(text).trim() === '' || !Number.isFinite(value) || Math.abs(value) > limit) {
    throw new Error(`The ${what} must be a number from -${limit} to ${limit}.`);
  }
  return value;
}

/** "lat, lon" per line → [[lat, lon], ...]; throws naming the line that is wrong. */
function parseVertices(text) {
  const vertices = [];
  text.split('\n').forEach((line, index) => {
    if (!line.trim()) {
      return;
    }
    const parts = line.split(/[,\s]+/).filter(Boolean);
    if (parts.length !== 2) {
      throw new Error(`Line ${index + 1}: write a latitude and a longitude, as 37.77, -122.41.`);
    }
    try {
      vertices.push([coordinate(parts[0], 'latitude', 90), coordinate(parts[1], 'longitude', 180)]);
    } catch (error) {
      throw new Error(`Line ${index + 1}: ${error.message}`);
    }
  });
  return vertices;
}

function formatVertices(vertices) {
  return vertices.map(([lat, lon]) => `${number(lat)}, ${number(lon)}`).join('\n');
}

export async function render(ctx) {
  const { api, org, app } = ctx;
  stylesheet('views/geo.css');
  const collection = ctx.params[0] || '';
  const collectionInput = h('input', {
    name: 'collection',
    value: collection,
    required: true,
    autocomplete: 'off',
    placeholder: 'ads',
  });
  const pick = form({
    label: 'Collection',
    fields: [field('Collection', collectionInput, 'Fences and places of this collection.')],
    submit: 'Show collection',
    onsubmit: (values) => {
      const name = values.collection.trim();
      if (!/^[A-Za-z0-9_.-]+$/.test(name)) {
        throw new Error('A collection name has letters, digits, "_", "-" and "." only.');
      }
      ctx.navigate(ctx.link(org, app, 'geo', name));
    },
  });
  if (!collection) {
    replace(
      ctx.main,
      h('h1', {}, 'Geo'),
      message('Choose a collection to see its fences and places on the map.'),
      pick,
    );
    collectionInput.focus();
    return;
  }

  const path = (...segments) => appPath(org, app, collection, ...segments);
  const mapElement = h('div', { class: 'map geo-map', tabindex: '0', role: 'region' });
  const summary = h('div');
  const news = h('div', { 'aria-live': 'polite' });
  const settingsPanel = h('section', { 'aria-label': 'Geo-hot setting' });
  const fencesPanel = h('section', { 'aria-label': 'Fences' });
  const placesPanel = h('section', { 'aria-label': 'Places' });
  const lookupResults = h('div', { class: 'lookup-results', 'aria-live': 'polite' });
  const withinResults = h('div', { class: 'within-results', 'aria-live': 'polite' });
  const editorPanel = h('section', { class: 'fence-editor', 'aria-label': 'Fence editor' });

  const lookupLat = h('input', { name: 'latitude', inputmode: 'decimal', required: true });
  const lookupLon = h('input', { name: 'longitude', inputmode: 'decimal', required: true });
  const withinLat = h('input', { name: 'latitude', inputmode: 'decimal', required: true });
  const withinLon = h('input', { name: 'longitude', inputmode: 'decimal', required: true });
  const withinRadius = h('input', { name: 'radius', inputmode: 'numeric', value: '1000', required: true });
  const withinProperty = h('input', { name: 'property', value: 'location', required: true });

  replace(
    ctx.main,
    h('h1', {}, `Geo: ${collection}`),
    pick,
    h(
      'p',
      { class: 'hint' },
      'Click the map to find the fences containing that point; shift-click to search places ',
      'within the radius below. Drawing a fence: each click adds a vertex.',
    ),
    mapElement,
    summary,
    news,
    editorPanel,
    h(
      'div',
      { class: 'two' },
      h(
        'section',
        { 'aria-label': 'Point lookup' },
        h('h2', {}, 'Which fences contain a point'),
        form({
          label: 'Point lookup',
          fields: [field('Latitude', lookupLat), field('Longitude', lookupLon)],
          submit: 'Find fences',
          onsubmit: (values) =>
            lookup(coordinate(values.latitude, 'latitude', 90), coordinate(values.longitude, 'longitude', 180)),
        }),
        lookupResults,
      ),
      h(
        'section',
        { 'aria-label': 'Within a circle' },
        h('h2', {}, 'Places within a circle'),
        form({
          label: 'Within query',
          fields: [
            field('Centre latitude', withinLat),
            field('Centre longitude', withinLon),
            field('Radius (metres)', withinRadius),
            field('Location property', withinProperty),
          ],
          submit: 'Search within',
          onsubmit: (values) =>
            searchWithin(
              coordinate(values.latitude, 'latitude', 90),
              coordinate(values.longitude, 'longitude', 180),
              values.radius,
              values.property.trim(),
            ),
        }),
        withinResults,
      ),
    ),
    fencesPanel,
    placesPanel,
    settingsPanel,
  );

  const view = createMap(mapElement, {
    onclick: (lat, lon, shift) => {
      if (shift) {
        withinLat.value = number(lat);
        withinLon.value = number(lon);
        act(null, withinResults, () =>
          searchWithin(lat, lon, withinRadius.value, withinProperty.value.trim()),
        );
      } else {
        lookupLat.value = number(lat);
        lookupLon.value = number(lon);
        act(null, lookupResults, () => lookup(lat, lon));
      }
    },
  });
  ctx.onLeave(() => view.remove());
  let fences = [];

  async function lookup(lat, lon) {
    const ql = `select * where geometry contains ${decimal(lat)}, ${decimal(lon)}`;
    const reply = await api.get(path(), { query: { ql, limit: PAGE } });
    const found = (reply && reply.entities) || [];
    view.showLookup(lat, lon);
    view.highlight(found.map((entity) => entity.uuid));
    replace(
      lookupResults,
      message(
        `${found.length} ${found.length === 1 ? 'fence contains' : 'fences contain'} ${number(lat)}, ${number(lon)}.`,
      ),
      found.length
        ? fenceTable(found, `Fences containing ${number(lat)}, ${number(lon)}`, 'lookup')
        : null,
    );
  }

  async function searchWithin(lat, lon, radiusText, property) {
    const radius = Number(String(radiusText).trim());
    if (!Number.isFinite(radius) || radius <= 0) {
      throw new Error('The radius must be a number of metres above 0.');
    }
    if (!PROPERTY.test(property)) {
      throw new Error('The location property is a property name, as location or address.point.');
    }
    const ql = `select * where ${property} within ${radius} of ${decimal(lat)}, ${decimal(lon)}`;
    const reply = await api.get(path(), { query: { ql, limit: PAGE } });
    const found = ((reply && reply.entities) || [])
      .map((entity) => ({ entity, point: pointOf(entity, property) }))
      .filter((result) => result.point);
    view.showWithin(
      lat,
      lon,
      radius,
      found.map((result) => result.point),
    );
    replace(
      withinResults,
      message(
        `${found.length} ${found.length === 1 ? 'place' : 'places'} within ${radius} m of ${number(lat)}, ${number(lon)}${
          reply && reply.cursor ? ` (the nearest ${PAGE})` : ''
        }.`,
      ),
      found.length ? placeTable(found, 'Places within the circle, nearest first', true) : null,
    );
  }

  function fenceTable(list, caption, purpose) {
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
                  onclick: () => view.focusFence(fence.uuid),
                },
                'Show',
              ),
              fence.geometry.type === 'Polygon'
                ? h(
                    'button',
                    {
                      type: 'button',
                      'aria-label': `Edit the vertices of ${nameOf(fence)}`,
                      onclick: () => openEditor(fence),
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

  function placeTable(list, caption, withDistance) {
    return h(
      'table',
      { class: 'grid places' },
      h('caption', {}, caption),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          ['Name', 'Latitude', 'Longitude', withDistance ? 'Distance (m)' : null]
            .filter(Boolean)
            .map((label) => h('th', { scope: 'col' }, label)),
        ),
      ),
      h(
        'tbody',
        {},
        list.map(({ entity, point }) =>
          h(
            'tr',
            { 'data-uuid': entity.uuid },
            h('td', {}, nameOf(entity)),
            h('td', {}, String(number(point.lat))),
            h('td', {}, String(number(point.lon))),
            withDistance
              ? h(
                  'td',
                  {},
                  entity.metadata && typeof entity.metadata.distance === 'number'
                    ? String(Math.round(entity.metadata.distance * 10) / 10)
                    : '',
                )
              : null,
          ),
        ),
      ),
    );
  }

  /** The fence editor: a new fence (no argument) or the vertices of an existing Polygon. */
  function openEditor(fence) {
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
      editorPanel.replaceChildren();
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
        await load();
        replace(news, message(`Fence ${nameOf(saved) || body.name || ''} is saved.`, 'ok'));
      }),
    );
    replace(
      editorPanel,
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

  async function loadSettings() {
    const reply = await api.get(path('_settings'));
    const data = (reply && reply.data) || {};
    const memory = data.inMemory || {};
    const checkbox = h('input', { type: 'checkbox', name: 'geoHot', checked: data.geoHot === true });
    replace(
      settingsPanel,
      h('h2', {}, 'Geo-hot'),
      h(
        'p',
        {},
        data.geoHot
          ? `Every node holds this collection in memory: ${memory.points || 0} points, ${memory.fences || 0} fences on this node.`
          : `Within queries on this collection are answered by the index. Fences in memory on this node: ${memory.fences || 0}.`,
      ),
      form({
        label: 'Geo-hot setting',
        fields: [
          field(
            'Geo-hot (every node keeps the places in memory)',
            checkbox,
            'For collections queried by position all the time; about 0.5 KB of memory per entity on each node.',
          ),
        ],
        submit: 'Save setting',
        onsubmit: async () => {
          await api.post(path('_settings'), { geoHot: checkbox.checked });
          await loadSettings();
          replace(news, message(`Geo-hot is ${checkbox.checked ? 'on' : 'off'} for ${collection}.`, 'ok'));
        },
      }),
    );
  }

  async function load() {
    const reply = await api.get(path(), { query: { limit: PAGE } });
    const entities = (reply && reply.entities) || [];
    fences = entities.filter(isFence);
    const places = entities
      .map((entity) => ({ entity, point: pointOf(entity) }))
      .filter((place) => place.point);
    view.showFences(fences);
    view.showPlaces(places.map((place) => place.point));
    view.frame(fences, places.map((place) => place.point));
    replace(summary, mapSummary(fences.length, places.length));
    const more = reply && reply.cursor;
    replace(
      fencesPanel,
      h('h2', {}, 'Fences'),
      more ? message(`Only the newest ${PAGE} entities of ${collection} are shown.`, 'warning') : null,
      h(
        'div',
        { class: 'actions' },
        h('button', { type: 'button', onclick: () => openEditor(null) }, 'Draw a new fence'),
      ),
      fences.length
        ? fenceTable(fences, `Fences of ${collection}`, 'all')
        : message(`${collection} has no fences (entities whose geometry is a Polygon or MultiPolygon).`),
    );
    replace(
      placesPanel,
      h('h2', {}, 'Places'),
      places.length
        ? placeTable(
            places.slice(0, SHOWN_PLACES),
            places.length > SHOWN_PLACES
              ? `The first ${SHOWN_PLACES} of ${places.length} places of ${collection}`
              : `Places of ${collection}`,
            false,
          )
        : message(`${collection} has no places (entities with a location).`),
    );
  }

  await view.ready.catch((error) => replace(news, message(error.message, 'warning')));
  await act(null, fencesPanel, load);
  await act(null, settingsPanel, loadSettings);
}
