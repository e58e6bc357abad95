// Assistant: one conversation at a time (prompt box at the bottom, replies as cards with Copy,
// Share and Regenerate), a history list, and suggestion chips on an empty chat.
import type { AppContext, Screen } from '../app';
import { shareSheet } from '../catalog-shared/share';
import { brandBar } from '../catalog-shared/widgets';
import { emptyState, listItem, scaffold, scrollList, textField } from '../../ui/widgets';
import { col, row, type View } from '../../ui/view';

export const ACCENT = '#3B5BFD';

interface GenRow {
  id: number;
  prompt: string;
  text: string;
  status: string;
}

/** Starts a generation for the prompt; the reply arrives after a short "thinking" delay. */
export function ask(ctx: AppContext, prompt: string): void {
  const text = prompt.trim();
  if (text === '') return;
  const now = ctx.now();
  let conv = ctx.screen.params.conversationId as number | undefined;
  if (conv === undefined) {
    conv = ctx.db.run('INSERT INTO conversations (title, created_at, updated_at) VALUES (?, ?, ?)', [[...text].slice(0, 24).join(''), now, now]);
    ctx.screen.params.conversationId = conv;
  }
  const id = ctx.db.run('INSERT INTO generations (conversation_id, prompt, status, created_at) VALUES (?, ?, \'pending\', ?)', [conv, text, now]);
  ctx.db.run('UPDATE conversations SET updated_at = ? WHERE id = ?', [now, conv]);
  ctx.setTimer(1200, 'reply', { id });
  ctx.setField('prompt', '');
  ctx.focus(undefined);
  ctx.screen.scroll.conversation = 1e9;
}

function actionButton(ctx: AppContext, icon: 'content_copy' | 'share' | 'refresh', label: string, id: string, onClick: () => void): View {
  return row({ height: 36, padding: [0, 10], gap: 4, radius: 18, onClick, id, desc: label, cls: 'android.widget.Button' },
    { icon, iconSize: 18, width: 18, height: 18, color: ctx.theme.onSurfaceVariant },
    { text: label, type: 'labelMedium', color: ctx.theme.onSurfaceVariant },
  );
}

function reply(ctx: AppContext, g: GenRow): View {
  const t = ctx.theme;
  if (g.status !== 'done') {
    return row({ padding: [8, 16], gap: 8, id: 'thinking' }, { icon: 'auto_awesome', width: 20, height: 20, color: ACCENT }, { text: ctx.t('thinking'), type: 'bodyMedium', color: t.onSurfaceVariant });
  }
  return col({ padding: [4, 16, 12, 16], gap: 4, id: 'reply', desc: `generation ${g.id}` },
    row({ gap: 8 }, { icon: 'auto_awesome', width: 20, height: 20, color: ACCENT }, { text: ctx.t('title'), type: 'labelLarge', color: t.onSurfaceVariant }),
    { text: g.text, type: 'bodyLarge', color: t.onSurface, bg: t.surfaceContainerLowest, radius: 16, padding: 14, selectable: true, id: 'reply_text', border: t.outlineVariant },
    row({ gap: 4 },
      actionButton(ctx, 'content_copy', ctx.t('copy'), 'copy_button', () => {
        ctx.setClipboard(g.text);
        ctx.db.run('UPDATE generations SET copied_at = ? WHERE id = ?', [ctx.now(), g.id]);
        ctx.toast(ctx.t('copied'));
      }),
      actionButton(ctx, 'share', ctx.t('share'), 'share_button', () => { ctx.screen.ui.shareFor = g.id; }),
      actionButton(ctx, 'refresh', ctx.t('regenerate'), 'regenerate_button', () => ask(ctx, g.prompt)),
    ),
  );
}

const chat: Screen = (ctx) => {
  const t = ctx.theme;
  const conv = ctx.screen.params.conversationId as number | undefined;
  const gens = conv === undefined ? [] : ctx.db.query('SELECT id, prompt, text, status FROM generations WHERE conversation_id = ? ORDER BY id', [conv]) as unknown as GenRow[];
  const draft = ctx.field('prompt');
  const suggestion = (key: string) => ({
    text: ctx.t(key), type: 'bodyMedium' as const, color: t.onSurface, bg: t.surfaceContainerLow, radius: 16, padding: [12, 16] as [number, number], id: 'suggestion',
    onClick: () => { ctx.setField('prompt', ctx.t(key)); ctx.focus('prompt'); },
  });
  const body: View = gens.length === 0
    ? col({ flex: 1, padding: [48, 24, 16, 24], gap: 12 },
      { icon: 'auto_awesome', iconSize: 44, width: 56, height: 56, color: ACCENT },
      { text: ctx.t('hello'), type: 'headlineSmall', color: t.onSurface, id: 'hello' },
      { text: ctx.t('helloSub'), type: 'bodyMedium', color: t.onSurfaceVariant },
      { height: 8 },
      suggestion('s1'), suggestion('s2'), suggestion('s3'), suggestion('s4'),
    )
    : scrollList('conversation', gens.flatMap((g) => [
      row({ justify: 'end', padding: [12, 16, 4, 64] },
        { text: g.prompt, type: 'bodyLarge', color: '#FFFFFF', bg: ACCENT, radius: 18, padding: [10, 14], id: 'prompt_text', selectable: true }),
      reply(ctx, g),
    ]), { padding: [0, 0, 8, 0] });
  const shareFor = ctx.screen.ui.shareFor as number | undefined;
  const shareText = shareFor === undefined ? undefined : gens.find((g) => g.id === shareFor)?.text;
  return {
    view: scaffold(ctx, {
      appBar: brandBar(ctx, {
        title: ctx.t('title'), bg: t.surface, fg: t.onSurface,
        actions: [
          { icon: 'menu', desc: ctx.t('history'), id: 'history', onClick: () => ctx.push('history') },
          { icon: 'add', desc: ctx.t('newChat'), id: 'new_chat', onClick: () => ctx.replace('chat', {}) },
        ],
      }),
      body,
      bottom: row({ padding: [8, 12, 12, 12], gap: 8, bg: t.surface, id: 'input_bar' },
        textField(ctx, { key: 'prompt', hint: ctx.t('prompt'), style: 'search', id: 'prompt_input', flex: 1, onSubmit: (v) => ask(ctx, v) }),
        { icon: 'send', iconSize: 22, width: 48, height: 48, circle: true, bg: draft.trim() ? ACCENT : t.surfaceContainerHighest, color: draft.trim() ? '#FFFFFF' : t.outline,
          onClick: () => ask(ctx, ctx.field('prompt')), enabled: draft.trim() !== '', desc: ctx.t('send'), id: 'send_button', cls: 'android.widget.ImageButton' },
      ),
    }),
    dialog: shareText !== undefined ? shareSheet(ctx, shareText, {
      onClose: () => { delete ctx.screen.ui.shareFor; },
      onShared: (pkg) => ctx.db.run('UPDATE generations SET shared_to = ? WHERE id = ?', [pkg, shareFor!]),
    }) : undefined,
  };
};

const history: Screen = (ctx) => {
  const convs = ctx.db.query('SELECT c.id, c.title, c.updated_at, (SELECT text FROM generations g WHERE g.conversation_id = c.id ORDER BY g.id DESC LIMIT 1) AS last FROM conversations c ORDER BY c.updated_at DESC, c.id DESC');
  return {
    view: scaffold(ctx, {
      appBar: brandBar(ctx, { title: ctx.t('history'), back: true, bg: ctx.theme.surface, fg: ctx.theme.onSurface }),
      body: convs.length === 0 ? emptyState(ctx, 'forum', ctx.t('noHistory')) : scrollList('history', convs.map((c) => listItem(ctx, {
        headline: String(c.title), supporting: String(c.last ?? '').replace(/\n+/g, ' '), trailing: ctx.formatDate(Number(c.updated_at)), id: 'conversation',
        onClick: () => { ctx.pop(); ctx.replace('chat', { conversationId: Number(c.id) }); },
      }))),
    }),
  };
};

export const ASSISTANT_SCREENS = { chat, history };
