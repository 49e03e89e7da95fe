// What the Geo section reads: an entity's fence or point, and coordinates typed by the admin or
// written into a query. No DOM and no map here, so the fences, places and page share them.

/** At most this many entities are read for the map and for each lookup. */
export const PAGE = 1000;

export function isFence(entity) {
  const geometry = entity.geometry;
  return (
    geometry &&
    (geometry.type === 'Polygon' || geometry.type === 'MultiPolygon') &&
    Array.isArray(geometry.coordinates)
  );
}

/** The entity's point: its `location` (either form) or a Point `geometry`; else null. */
export function pointOf(entity, property = 'location') {
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

export function nameOf(entity) {
  return entity.name || entity.title || entity.uuid;
}

export function vertexCount(geometry) {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  return polygons.reduce((sum, rings) => sum + rings.reduce((n, ring) => n + ring.length - 1, 0), 0);
}

export function number(value) {
  return Math.round(value * 1e6) / 1e6;
}

/** A coordinate as the query language reads it: plain decimals, never an exponent. */
export function decimal(value) {
  return value.toFixed(7);
}

/** A latitude or longitude typed by the admin, checked in the admin's terms. */
export function coordinate(text, what, limit) {
  const value = Number(String(text).trim());
  if (String(text).trim() === '' || !Number.isFinite(value) || Math.abs(value) > limit) {
    throw new Error(`The ${what} must be a number from -${limit} to ${limit}.`);
  }
  return value;
}

/** "lat, lon" per line → [[lat, lon], ...]; throws naming the line that is wrong. */
export function parseVertices(text) {
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

export function formatVertices(vertices) {
  return vertices.map(([lat, lon]) => `${number(lat)}, ${number(lon)}`).join('\n');
}
