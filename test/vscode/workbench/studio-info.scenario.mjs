// The extension's info command, run the way a user runs it: from the command palette.
// Its notification must name the version, and the workbench is captured for the docs.
import assert from 'node:assert/strict';
import fs from 'node:fs';

export const title = 'Show Studio Info from the command palette';

export default async function scenario({ runCommand, waitForNotification, screenshot, log }) {
  const manifest = JSON.parse(fs.readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'));
  await runCommand('PhoneBuddy: Show Studio Info');
  const message = await waitForNotification(`PhoneBuddy Studio ${manifest.version}`);
  assert.match(message, /activated in [\d.]+ ms/);
  log(message);
  const file = await screenshot('workbench-studio-info');
  assert.ok(fs.statSync(file).size > 10_000, 'the screenshot is implausibly small');
}
