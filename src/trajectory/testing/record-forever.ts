// Child process for the crash test: records steps into the folder given as argv[2] as fast as
// it can until it is killed. Each step has a 200 KB "screenshot" so a kill often lands
// mid-write.
import { EpisodeWriter } from '../writer';
import { sampleManifest, sampleStep } from './samples';

async function main(): Promise<void> {
  const folder = process.argv[2];
  const w = await EpisodeWriter.create(folder, sampleManifest());
  process.stdout.write('ready\n');
  const image = Buffer.alloc(200_000, 7);
  image.set([0xff, 0xd8, 0xff]); // a JPEG's first bytes: the reader checks them
  for (let i = 1; ; i++) await w.appendStep(sampleStep(i, image));
}

void main();
