// The sections of an application, in the navigation's order: views/<module or id>.js draws each.
// The shell (app.js) routes and navigates by them; the application's overview links to them.

export const SECTIONS = [
  { id: 'overview', label: 'Overview', module: 'application' },
  { id: 'data', label: 'Data' },
  { id: 'identity', label: 'Identity' },
  { id: 'geo', label: 'Geo' },
  { id: 'live', label: 'Live' },
  { id: 'devices', label: 'Devices' },
  { id: 'push', label: 'Push' },
  { id: 'operations', label: 'Operations' },
];
