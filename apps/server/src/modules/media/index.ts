/** The media module's front door (decision 021): what other code may use of it. */
export { FFMPEG_PATH, Transcoder, hlsArgs, masterPlaylist, probe } from './media-transcode.ts';
export { TRANSCODE_QUEUE, type TranscodeJob } from './media.service.ts';
