// Screenshots the scenarios take of the real workbench double as the docs' pictures: a kept
// shot is copied into docs/images/ under its docs name.
import fs from 'node:fs';

const docsImages = new URL('../../../docs/images/', import.meta.url);

/** Copies the screenshot `file` to docs/images/`name`.png. */
export function keep(file, name) {
  fs.mkdirSync(docsImages, { recursive: true });
  fs.copyFileSync(file, new URL(`${name}.png`, docsImages));
}
