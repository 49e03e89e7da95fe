// Deleting by query in the data browser: preview what a query selects now, up to a maximum, then
// delete that (the server runs the query again, at most that many) after a confirmation.
import { appPath } from '../api.js';
import { act, confirm, field, h, message, replace } from '../ui.js';
import { entityTable, limitInput, queryErrorView } from './data-query.js';

export function bulkDelete(ctx, collection, ql, onDeleted) {
  const qlInput = h('input', { name: 'bulk-ql', value: ql, class: 'ql', autocomplete: 'off', spellcheck: 'false' });
  const limitControl = limitInput(100);
  const previewArea = h('div', { 'aria-live': 'polite' });
  const errors = h('div');
  const preview = h('button', { type: 'button' }, 'Preview');
  const remove = h('button', { type: 'button', class: 'danger', disabled: true }, 'Delete matching entities');
  let previewed = null;
  const path = appPath(ctx.org, ctx.app, collection);
  const invalidate = () => {
    previewed = null;
    remove.disabled = true;
  };
  qlInput.addEventListener('input', invalidate);
  limitControl.addEventListener('input', invalidate);
  preview.addEventListener('click', () =>
    act(preview, errors, async () => {
      invalidate();
      previewArea.replaceChildren();
      const query = qlInput.value.trim();
      const limit = Number(limitControl.value);
      let answer;
      try {
        answer = await ctx.api.get(path, { query: { ql: query, limit } });
      } catch (error) {
        if (error.code === 'query_parse') {
          replace(previewArea, queryErrorView(query, error));
          return;
        }
        throw error;
      }
      const entities = answer.entities || [];
      previewed = { ql: query, limit, count: entities.length };
      replace(
        previewArea,
        message(
          answer.cursor
            ? `The first ${entities.length} matching entities: more match, and only these would be deleted now.`
            : `${entities.length} matching ${entities.length === 1 ? 'entity' : 'entities'}: all of them would be deleted.`,
        ),
        entityTable(ctx, collection, entities, 'What would be deleted'),
      );
      remove.disabled = entities.length === 0;
    }),
  );
  remove.addEventListener('click', async () => {
    if (!previewed) {
      return;
    }
    const { ql: query, limit, count } = previewed;
    const sure = await confirm({
      title: `Delete ${count} ${count === 1 ? 'entity' : 'entities'}?`,
      text: `The entities of ${collection} that ${query ? `match "${query}"` : 'are newest'}, at most ${limit}, are deleted with their files and connections. This cannot be undone.`,
    });
    if (!sure) {
      return;
    }
    await act(remove, errors, async () => {
      // The API refuses a collection DELETE without a query (405): the newest, as previewed, are
      // asked for by name.
      const reply = await ctx.api.del(path, { query: { ql: query || 'select *', limit } });
      const deleted = (reply.entities || []).length;
      invalidate();
      replace(
        previewArea,
        message(`Deleted ${deleted} ${deleted === 1 ? 'entity' : 'entities'}.`, 'ok'),
      );
      onDeleted();
    });
  });
  return h(
    'details',
    { class: 'panel' },
    h('summary', {}, 'Delete by query'),
    h(
      'p',
      { class: 'hint' },
      'Preview what a query selects, then delete exactly that many (at most 1,000 at a time).',
    ),
    field('Delete query', qlInput),
    field('At most', limitControl),
    h('div', { class: 'actions' }, preview, remove),
    previewArea,
    errors,
  );
}
