import * as calls from '@portal/contract';
import { pino } from 'pino';
import { DEMO_LECTURE_SOURCE } from '@portal/db';
import { ownerTransaction } from '../../platform/jobs.ts';
import { defineModule } from '../../platform/module.ts';
import { uploadSourcesOf } from './media-files.ts';
import { Transcoder } from './media-transcode.ts';
import { mountMediaUploads } from './media-uploads.ts';
import { MediaRepository } from './media.repository.ts';
import { MediaService, TRANSCODE_QUEUE, type TranscodeJob } from './media.service.ts';

/** A transcoding may take long (a 2 GB video): the job is given hours before it counts as crashed. */
const TRANSCODE_EXPIRE_SECONDS = 6 * 3600;
/** How soon after a start the demo lecture is queued (a sweep's first tick comes this long after it). */
const DEMO_SWEEP_SECONDS = 15;
/**
 * The demo lectures' own queue: a lecture takes a minute or two to make and transcode after a
 * first start, and an administrator's upload must not wait for it (a queue runs one job at a time;
 * priority only orders the jobs that wait).
 */
const DEMO_TRANSCODE_QUEUE = 'media.transcode-demo';

/**
 * The media library of the back office (issue 21 item 3, decision 041): the library's list,
 * resumable uploads (tus) and the transcoding of uploaded videos to HLS in a background job.
 */
export default defineModule({
  name: 'media',
  register(gateway, platform) {
    const sources = uploadSourcesOf(platform.config);
    const service = new MediaService(new MediaRepository(platform.db), {
      pool: platform.database.pool,
      jobs: platform.jobs,
      storage: platform.storage,
      sources,
    });
    gateway.call(calls.findMaterials, (q, ctx) => service.findMaterials(ctx.eid, q));
    mountMediaUploads(gateway.app, { sessions: platform.sessions, sources, service });
    const transcoder = new Transcoder({
      db: platform.systemDb,
      storage: platform.storage,
      sources,
      threads: platform.config.MEDIA_FFMPEG_THREADS,
      demoLectureSeconds: platform.config.MEDIA_DEMO_LECTURE_SECONDS,
      log: pino({ level: platform.config.LOG_LEVEL, name: 'media' }),
    });
    // The demo sites' lecture (seeded queued, made by FFmpeg): queued for transcoding once, by
    // the first process whose jobs run, in the transaction that marks it sent.
    platform.jobs.schedule('media.demo-lecture', DEMO_SWEEP_SECONDS, () =>
      ownerTransaction(platform.database.pool, async (client) => {
        const { rows } = await client.query<{ eid: number; id: number }>(
          `UPDATE resource_materials SET source_key = $1 || ':sent'
           WHERE source_key = $1 AND transcode_state = 'queued' RETURNING eid, id`,
          [DEMO_LECTURE_SOURCE],
        );
        for (const r of rows) {
          await platform.jobs.send(DEMO_TRANSCODE_QUEUE, { eid: r.eid, materialId: r.id } satisfies TranscodeJob, {
            client,
          });
        }
      }),
    );
    for (const queue of [TRANSCODE_QUEUE, DEMO_TRANSCODE_QUEUE]) {
      platform.jobs.work<TranscodeJob>(queue, (job) => transcoder.run(job), {
        retryLimit: 2,
        retryDelaySeconds: 30,
        expireInSeconds: TRANSCODE_EXPIRE_SECONDS,
      });
    }
  },
});
