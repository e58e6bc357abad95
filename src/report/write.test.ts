// The page a report folder holds: recorded text stays data (a task named `</script>…` cannot
// end the data block), the policy allows only the folder's own files, and writing again
// replaces the old screenshots without touching anything else in the folder.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { REPORT_DATA_ID, REPORT_FORMAT, type ReportData } from '../webview-protocol/run-report';
import { FILE_CSP, jsonForScript, reportHtml, writeReport } from './write';
import { tempDir } from './testing/fixture';

const hostile = '</script><script>alert(1)</script><!-- \u2028';
const data = { format: REPORT_FORMAT, title: hostile, generatedAt: 'now', runs: [], episodes: [] } satisfies ReportData;

test('the data block cannot be ended or bent by recorded text, and parses back whole', () => {
  const html = reportHtml({ data, csp: FILE_CSP, chartUri: 'c.js', scriptUri: 's.js', styleUri: 's.css' });
  const block = new RegExp(`<script type="application/json" id="${REPORT_DATA_ID}">([^]*?)</script>`).exec(html);
  assert.ok(block);
  assert.deepEqual(JSON.parse(block[1]), data);
  assert.equal(html.match(/<script/g)?.length, 3, 'the data block and the two script files, nothing else');
  assert.ok(!html.includes('<script>alert'));
  assert.equal(jsonForScript('<'), '"\\u003c"');
  const csp = /http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)?.[1].replaceAll('&#39;', "'");
  assert.equal(csp, "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'");
});

test('writing a report replaces its own files and screenshots only', async () => {
  const root = tempDir('write');
  const assets = Object.fromEntries(['script', 'style', 'chart'].map((k) => {
    const f = path.join(root, `${k}.src`);
    fs.writeFileSync(f, k);
    return [k, f];
  })) as { script: string; style: string; chart: string };
  const shot = path.join(root, 'shot.jpg');
  fs.writeFileSync(shot, 'jpeg');
  const out = path.join(root, 'report');
  fs.mkdirSync(path.join(out, 'shots', '9'), { recursive: true });
  fs.writeFileSync(path.join(out, 'shots', '9', 'old.jpg'), 'old');
  fs.writeFileSync(path.join(out, 'notes.txt'), 'mine');
  const index = await writeReport(out, { data, files: [{ from: shot, to: 'shots/0/0001.jpg' }] }, assets);
  assert.equal(index, path.join(out, 'index.html'));
  assert.equal(fs.readFileSync(path.join(out, 'shots', '0', '0001.jpg'), 'utf8'), 'jpeg');
  assert.ok(!fs.existsSync(path.join(out, 'shots', '9')), 'an earlier report\'s screenshots are gone');
  assert.equal(fs.readFileSync(path.join(out, 'notes.txt'), 'utf8'), 'mine');
  assert.deepEqual(['report.js', 'report.css', 'chart.umd.min.js'].map((f) => fs.readFileSync(path.join(out, f), 'utf8')), ['script', 'style', 'chart']);
});
