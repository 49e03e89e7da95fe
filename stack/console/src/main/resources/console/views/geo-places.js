// The Geo section's places (entities with a point): their table, and the places within a circle
// around a point, nearest first. `geo` is what the page's parts share (see geo.js).
import { field, form, h, message, replace } from '../ui.js';
import { PAGE, coordinate, decimal, nameOf, number, pointOf } from './geo-values.js';

/** A property name as a query names it: location, address.point. */
const PROPERTY = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;

/** Places ({entity, point}) by name and position, and their distance when a search gave one. */
export function placeTable(list, caption, withDistance) {
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

/** "Places within a circle": its form and results; `run(lat, lon)` searches with the radius typed. */
export function withinSearch(geo) {
  const latitude = h('input', { name: 'latitude', inputmode: 'decimal', required: true });
  const longitude = h('input', { name: 'longitude', inputmode: 'decimal', required: true });
  const radiusInput = h('input', { name: 'radius', inputmode: 'numeric', value: '1000', required: true });
  const propertyInput = h('input', { name: 'property', value: 'location', required: true });
  const results = h('div', { class: 'within-results', 'aria-live': 'polite' });

  async function search(lat, lon, radiusText, property) {
    const radius = Number(String(radiusText).trim());
    if (!Number.isFinite(radius) || radius <= 0) {
      throw new Error('The radius must be a number of metres above 0.');
    }
    if (!PROPERTY.test(property)) {
      throw new Error('The location property is a property name, as location or address.point.');
    }
    const ql = `select * where ${property} within ${radius} of ${decimal(lat)}, ${decimal(lon)}`;
    const reply = await geo.api.get(geo.path(), { query: { ql, limit: PAGE } });
    const found = ((reply && reply.entities) || [])
      .map((entity) => ({ entity, point: pointOf(entity, property) }))
      .filter((result) => result.point);
    geo.view.showWithin(
      lat,
      lon,
      radius,
      found.map((result) => result.point),
    );
    replace(
      results,
      message(
        `${found.length} ${found.length === 1 ? 'place' : 'places'} within ${radius} m of ${number(lat)}, ${number(lon)}${
          reply && reply.cursor ? ` (the nearest ${PAGE})` : ''
        }.`,
      ),
      found.length ? placeTable(found, 'Places within the circle, nearest first', true) : null,
    );
  }

  const element = h(
    'section',
    { 'aria-label': 'Within a circle' },
    h('h2', {}, 'Places within a circle'),
    form({
      label: 'Within query',
      fields: [
        field('Centre latitude', latitude),
        field('Centre longitude', longitude),
        field('Radius (metres)', radiusInput),
        field('Location property', propertyInput),
      ],
      submit: 'Search within',
      onsubmit: (values) =>
        search(
          coordinate(values.latitude, 'latitude', 90),
          coordinate(values.longitude, 'longitude', 180),
          values.radius,
          values.property.trim(),
        ),
    }),
    results,
  );
  const run = (lat, lon) => search(lat, lon, radiusInput.value, propertyInput.value.trim());
  return { element, latitude, longitude, results, run };
}
