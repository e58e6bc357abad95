// Episode announcements belong to the object a caller creates: two of them in one process do
// not see each other's episodes, and a listener that throws does not keep the others from it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Episode } from './episode';
import { EpisodeAnnouncements, type AnnouncedEpisode } from './pause-control';
import { SolutionPolicy } from './policies/solution';
import { TinyPhone } from './testing/tiny-phone';

test('announcements reach only the listeners of the object they were made on; a throwing listener is isolated', () => {
  const a = new EpisodeAnnouncements();
  const b = new EpisodeAnnouncements();
  const warnings: unknown[] = [];
  a.onListenerError = (e) => warnings.push(e);
  const seenA: AnnouncedEpisode[] = [];
  const seenB: AnnouncedEpisode[] = [];
  a.onAnnounced(() => { throw new Error('a broken listener'); });
  a.onAnnounced((e) => seenA.push(e));
  const offB = b.onAnnounced((e) => seenB.push(e));
  const phone = new TinyPhone();
  const ep = new Episode({ device: phone, policy: new SolutionPolicy() });
  a.announce({ episode: ep, deviceId: phone.id });
  assert.deepEqual(seenA.map((e) => e.episode), [ep]);
  assert.equal(seenB.length, 0, 'the other object saw nothing');
  assert.equal(warnings.length, 1, 'the throwing listener was reported, not fatal');
  offB();
  b.announce({ episode: ep, deviceId: phone.id });
  assert.equal(seenB.length, 0, 'unsubscribed');
});
