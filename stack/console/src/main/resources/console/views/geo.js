// The Geo section: a collection's fences and places on an offline map, drawing and editing
// fences, point lookups ("which fences contain this point") and `within` circles. Every action
// has a form and a table beside the map, so it works with the keyboard and a screen reader.
// Here: the page, the map's clicks, the lists of fences and places and the geo-hot setting; the
// fences' table, lookup and editor are geo-fences.js, the places' table and circles geo-places.js.
import { appPath } from '../api.js';
import { act, field, form, h, message, replace, stylesheet } from '../ui.js';
import { fenceEditor, fenceTable, pointLookup } from './geo-fences.js';
import { createMap, mapSummary } from './geo-map.js';
import { placeTable, withinSearch } from './geo-places.js';
import { PAGE, isFence, number, pointOf } from './geo-values.js';

const SHOWN_PLACES = 100;

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

  const mapElement = h('div', { class: 'map geo-map', tabindex: '0', role: 'region' });
  const summary = h('div');
  const news = h('div', { 'aria-live': 'polite' });
  const settingsPanel = h('section', { 'aria-label': 'Geo-hot setting' });
  const fencesPanel = h('section', { 'aria-label': 'Fences' });
  const placesPanel = h('section', { 'aria-label': 'Places' });
  const editorPanel = h('section', { class: 'fence-editor', 'aria-label': 'Fence editor' });
  /** What the page's parts share; `view` (the map) is set once its element is in the page. */
  const geo = {
    api,
    path: (...segments) => appPath(org, app, collection, ...segments),
    view: null,
    news,
    edit: (fence) => fenceEditor(geo, editorPanel, fence),
    reload: () => load(),
  };
  const lookup = pointLookup(geo);
  const within = withinSearch(geo);

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
    h('div', { class: 'two' }, lookup.element, within.element),
    fencesPanel,
    placesPanel,
    settingsPanel,
  );

  geo.view = createMap(mapElement, {
    onclick: (lat, lon, shift) => {
      // A click fills the point of the form it runs, so what the map did can be read and redone.
      const search = shift ? within : lookup;
      search.latitude.value = number(lat);
      search.longitude.value = number(lon);
      act(null, search.results, () => search.run(lat, lon));
    },
  });
  ctx.onLeave(() => geo.view.remove());

  async function loadSettings() {
    const reply = await api.get(geo.path('_settings'));
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
          await api.post(geo.path('_settings'), { geoHot: checkbox.checked });
          await loadSettings();
          replace(news, message(`Geo-hot is ${checkbox.checked ? 'on' : 'off'} for ${collection}.`, 'ok'));
        },
      }),
    );
  }

  async function load() {
    const reply = await api.get(geo.path(), { query: { limit: PAGE } });
    const entities = (reply && reply.entities) || [];
    const fences = entities.filter(isFence);
    const places = entities
      .map((entity) => ({ entity, point: pointOf(entity) }))
      .filter((place) => place.point);
    geo.view.showFences(fences);
    geo.view.showPlaces(places.map((place) => place.point));
    geo.view.frame(fences, places.map((place) => place.point));
    replace(summary, mapSummary(fences.length, places.length));
    const more = reply && reply.cursor;
    replace(
      fencesPanel,
      h('h2', {}, 'Fences'),
      more ? message(`Only the newest ${PAGE} entities of ${collection} are shown.`, 'warning') : null,
      h(
        'div',
        { class: 'actions' },
        h('button', { type: 'button', onclick: () => geo.edit(null) }, 'Draw a new fence'),
      ),
      fences.length
        ? fenceTable(geo, fences, `Fences of ${collection}`, 'all')
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

  await geo.view.ready.catch((error) => replace(news, message(error.message, 'warning')));
  await act(null, fencesPanel, load);
  await act(null, settingsPanel, loadSettings);
}
