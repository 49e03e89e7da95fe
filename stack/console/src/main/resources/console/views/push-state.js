// How a notification's or a receipt's state shows: the list of notifications (push.js) and one
// notification's page (push-notification.js) both mark states with this badge.
import { h } from '../ui.js';

/** A notification's or a receipt's state, marked good or bad. */
export function stateBadge(state) {
  const good = ['FINISHED', 'sent'];
  const bad = ['EXPIRED', 'failed', 'unregistered', 'expired'];
  const kind = good.includes(state) ? 'up' : bad.includes(state) ? 'down' : '';
  return h('span', { class: `badge ${kind}`.trim() }, state || '');
}
