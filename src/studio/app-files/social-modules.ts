// What parse-app-file needs to know of the feed, comments, player, places, notifications and
// profile modules beyond their JSON Schema: which of their parameters are CEL (checked for
// syntax) and which tables and columns they write themselves (checked against the app's schema).
import type { Node } from 'yaml';
import type { ScreenSpec } from '../../mockphone/apps/modules/spec';
import { mapGet } from '../../task/yaml-source';

export const SOCIAL_MODULES = ['feed', 'comments', 'player', 'places', 'notifications', 'profile'];

export const SOCIAL_CEL_KEYS = {
  /** Keys that are CEL wherever they sit. */
  anywhere: ['cover'],
  /** Keys that are CEL under the given parent key. */
  under: {
    item: ['author', 'text', 'time', 'image', 'comments', 'artist', 'duration', 'distance', 'rating', 'x', 'y'],
    post: ['author', 'text'],
    header: ['name', 'subtitle'],
  } as Record<string, string[]>,
};

/** The tables and columns a screen of these modules writes, with the nodes a diagnostic points at. */
export function socialTables(s: ScreenSpec, node: Node): [Node | undefined, string, string[], (Node | undefined)[]][] {
  const like = mapGet(node, 'like');
  switch (s.module) {
    case 'feed': return s.like ? [[mapGet(like, 'table'), s.like.table, ['id', s.like.flag, s.like.count], [undefined, mapGet(like, 'flag'), mapGet(like, 'count')]]] : [];
    case 'player': return [[mapGet(node, 'state'), s.state, ['key', 'value'], []]];
    case 'notifications': return [[mapGet(node, 'table'), s.table, ['id', s.read], [undefined, mapGet(node, 'read')]]];
    default: return [];
  }
}
