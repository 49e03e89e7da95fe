// The Geo section's map: Leaflet (the global L) over Natural Earth's countries shipped with the
// console, so it works with no tile server and no network. Fences are SVG paths (class "fence"),
// places and results circle markers; nothing uses Leaflet's default marker images.
import { h } from '../ui.js';

const BASE_MAP = '/console/vendor/natural-earth/countries-110m.json';
let baseMap = null;

/** The countries, fetched once per page. */
function countries() {
  if (!baseMap) {
    baseMap = fetch(BASE_MAP).then((response) => {
      if (!response.ok) {
        throw new Error(`The base map could not be loaded (${response.status}).`);
      }
      return response.json();
    });
    baseMap.catch(() => {
      baseMap = null;
    });
  }
  return baseMap;
}

/** [lat, lon] pairs of a GeoJSON ring ([lon, lat] positions), without the closing position. */
export function ringToVertices(ring) {
  const vertices = ring.map((position) => [position[1], position[0]]);
  const first = vertices[0];
  const last = vertices[vertices.length - 1];
  if (vertices.length > 1 && first[0] === last[0] && first[1] === last[1]) {
    vertices.pop();
  }
  return vertices;
}

/** A closed GeoJSON ring from [lat, lon] vertices. */
export function verticesToRing(vertices) {
  const ring = vertices.map(([lat, lon]) => [lon, lat]);
  ring.push([...ring[0]]);
  return ring;
}

/** A circle marker the map only shows (its clicks are the map's) at a {lat, lon} point. */
function dot(layer, point, className, style) {
  L.circleMarker([point.lat, point.lon], { className, interactive: false, ...style }).addTo(layer);
}

/**
 * Creates the map in `element` (already in the page). `onclick(lat, lon, shiftKey)` receives the
 * map's clicks outside the vertex editor.
 */
export function createMap(element, { onclick }) {
  const map = L.map(element, {
    worldCopyJump: false,
    keyboard: true,
    attributionControl: true,
    minZoom: 1,
    maxZoom: 18,
  }).setView([20, 0], 2);
  map.attributionControl.setPrefix(false);
  map.attributionControl.addAttribution('Countries: Natural Earth (public domain)');
  element.setAttribute('aria-label', 'Map of fences and places; every action also has a form below');

  const base = L.layerGroup().addTo(map);
  const fences = L.layerGroup().addTo(map);
  const places = L.layerGroup().addTo(map);
  const lookup = L.layerGroup().addTo(map);
  const within = L.layerGroup().addTo(map);
  const editing = L.layerGroup().addTo(map);
  const fenceLayers = new Map();
  let editor = null;

  const ready = countries().then((data) => {
    L.geoJSON(data, {
      className: 'land',
      interactive: false,
      color: '#9aa8b5',
      weight: 0.6,
      fillColor: '#f4f1e8',
      fillOpacity: 1,
    }).addTo(base);
  });

  map.on('click', (event) => {
    // A click on a copy of the world east or west of the first one means the same place.
    const { lat, lng } = event.latlng.wrap();
    if (editor) {
      editor.add(lat, lng);
    } else if (onclick) {
      onclick(lat, lng, event.originalEvent && event.originalEvent.shiftKey);
    }
  });

  function showFences(list) {
    fences.clearLayers();
    fenceLayers.clear();
    for (const fence of list) {
      const layer = L.geoJSON(fence.geometry, {
        className: 'fence',
        interactive: false,
        color: '#0b5cad',
        weight: 2,
        fillOpacity: 0.15,
      }).addTo(fences);
      layer.eachLayer((path) => {
        const svg = path.getElement();
        if (svg) {
          svg.setAttribute('data-uuid', fence.uuid);
        }
      });
      fenceLayers.set(fence.uuid, layer);
    }
  }

  function showPlaces(list) {
    places.clearLayers();
    for (const place of list) {
      dot(places, place, 'place', { radius: 4, color: '#5b3a8a', weight: 1, fillOpacity: 0.8 });
    }
  }

  /** Marks the fences whose uuids are given, unmarks the others. */
  function highlight(uuids) {
    const marked = new Set(uuids);
    for (const [uuid, layer] of fenceLayers) {
      const on = marked.has(uuid);
      layer.setStyle({ color: on ? '#b3261e' : '#0b5cad', fillOpacity: on ? 0.35 : 0.15 });
      layer.eachLayer((path) => {
        const svg = path.getElement();
        if (svg) {
          svg.classList.toggle('highlighted', on);
        }
      });
    }
  }

  function showLookup(lat, lon) {
    lookup.clearLayers();
    dot(lookup, { lat, lon }, 'lookup-point', {
      radius: 6,
      color: '#b3261e',
      weight: 2,
      fillColor: '#fff',
      fillOpacity: 1,
    });
  }

  function showWithin(lat, lon, radius, results) {
    within.clearLayers();
    const circle = L.circle([lat, lon], {
      radius,
      className: 'within-circle',
      interactive: false,
      color: '#1e7b34',
      weight: 2,
      fillOpacity: 0.08,
    }).addTo(within);
    for (const result of results) {
      dot(within, result, 'within-result', { radius: 6, color: '#1e7b34', weight: 2, fillOpacity: 0.9 });
    }
    map.fitBounds(circle.getBounds(), { padding: [20, 20] });
  }

  /** Frames fences and places, or the world when there are none. */
  function frame(list, points) {
    const bounds = L.latLngBounds([]);
    for (const fence of list) {
      bounds.extend(L.geoJSON(fence.geometry).getBounds());
    }
    for (const point of points) {
      bounds.extend([point.lat, point.lon]);
    }
    if (bounds.isValid()) {
      map.fitBounds(bounds, { padding: [30, 30], maxZoom: 15 });
    } else {
      map.setView([20, 0], 2);
    }
  }

  function focusFence(uuid) {
    const layer = fenceLayers.get(uuid);
    if (layer) {
      map.fitBounds(layer.getBounds(), { padding: [30, 30], maxZoom: 16 });
    }
  }

  /**
   * Starts editing vertices ([lat, lon] pairs): map clicks add one at the end, handles are dragged.
   * `onchange(vertices)` hears every change; returns {set(vertices), add(lat, lon), stop()}.
   */
  function edit(vertices, onchange) {
    let current = vertices.map((vertex) => [...vertex]);
    element.classList.add('drawing');
    function draw() {
      editing.clearLayers();
      if (current.length >= 2) {
        const shape = current.length >= 3 ? L.polygon : L.polyline;
        shape(current, {
          className: 'drawing-shape',
          interactive: false,
          color: '#8a5a00',
          weight: 2,
          dashArray: '6 4',
          fillOpacity: 0.1,
        }).addTo(editing);
      }
      current.forEach((vertex, index) => {
        const handle = L.marker(vertex, {
          icon: L.divIcon({ className: 'vertex-handle', iconSize: [14, 14] }),
          draggable: true,
          keyboard: false,
          title: `Vertex ${index + 1}`,
        }).addTo(editing);
        handle.on('dragend', () => {
          const { lat, lng } = handle.getLatLng();
          current[index] = [lat, lng];
          draw();
          onchange(current);
        });
      });
    }
    editor = {
      add(lat, lon) {
        current.push([lat, lon]);
        draw();
        onchange(current);
      },
      set(next) {
        current = next.map((vertex) => [...vertex]);
        draw();
      },
      stop() {
        editing.clearLayers();
        element.classList.remove('drawing');
        editor = null;
      },
    };
    draw();
    return editor;
  }

  return {
    map,
    ready,
    showFences,
    showPlaces,
    highlight,
    showLookup,
    showWithin,
    frame,
    focusFence,
    edit,
    remove: () => map.remove(),
  };
}

/** A label for a map-less fallback: what the map shows, said in words. */
export function mapSummary(fenceCount, placeCount) {
  return h(
    'p',
    { class: 'hint', 'aria-live': 'polite' },
    `The map shows ${fenceCount} ${fenceCount === 1 ? 'fence' : 'fences'} and ${placeCount} ${
      placeCount === 1 ? 'place' : 'places'
    }.`,
  );
}
