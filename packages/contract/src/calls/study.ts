import { z } from 'zod';
import { defineCall } from '../call.ts';
import { id, paging, pageResponse } from '../envelope.ts';

// Studying a course (issue 12, account-area.md section 7 "Courses and study", "Live and
// resources"; decision 026): the course page, its chapters and periods, playing a period, progress
// the server keeps, admire, marks, comments, my study, the earning ledger and the resource library's
// preview. The server is the clock (DESIGN.md section 9): the player reports, the server credits.

/** A period's kind: 1 video, 2 document (PDF, shown in the page), 3 image-text, 4 a live lesson (its room, decision 060). */
export const PeriodType = { VIDEO: 1, DOCUMENT: 2, IMAGE_TEXT: 3, LIVE: 4 } as const;
/** Video platforms the player plays (account-area.md section 9): 1 Polyv, 4 a direct URL (MP4 or HLS). */
export const VodPlatform = { POLYV: 1, DIRECT: 4 } as const;
/** The resource types (account-area.md section 3) the earning ledger names as sources. */
export const EarningSource = { COURSE: 3, STUDY_TASK: 5, EXAM_TASK: 7, STUDY_PROJECT: 9 } as const;

/** The player reports this often while playing (seconds). */
export const PROGRESS_REPORT_SECONDS = 10;
/** Seconds a position may run ahead of the server's clock before it counts as a forward skip. */
export const SEEK_TOLERANCE_SECONDS = 3;
/** A document or image-text period counts once open this long, unless the period says otherwise. */
export const DEFAULT_READ_SECONDS = 10;

export const COURSE_COMMENT_PAGE_SIZE = 10;
export const COURSE_COMMENT_MAX = 500;
/** Ratings of 0.5 to 5 in half steps (account-area.md section 9: course rating range 0.5 to 5). */
export const RATING_MIN = 0.5;
export const RATING_MAX = 5;

export const STUDY_PAGE_SIZE = 10;
const listPaging = paging(STUDY_PAGE_SIZE, 50);

const courseRef = z.object({ courseId: id });

/** A lecturer of a course as the course page shows them. */
export const courseLecturer = z.object({
  id: z.number().int(),
  name: z.string(),
  title: z.string(),
  avatarUrl: z.string(),
});

/** The learner's progress in a course. */
export const courseProgress = z.object({
  /** 0 to 100: the share of required periods complete. */
  percent: z.number().int(),
  completedPeriods: z.number().int(),
  requiredPeriods: z.number().int(),
  started: z.boolean(),
  completed: z.boolean(),
  completedAt: z.string().nullable(),
  /** Where 继续学习 goes: the period last studied (null before the first). */
  lastPeriodId: z.number().int().nullable(),
  lastStudiedAt: z.string().nullable(),
});
export type CourseProgress = z.infer<typeof courseProgress>;

export const courseDetail = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  /** Sanitised rich text; media in it carry data-id = materialId. */
  intro: z.string(),
  coverUrl: z.string(),
  categoryId: z.number().int().nullable(),
  categoryName: z.string(),
  lecturers: z.array(courseLecturer),
  learnerCount: z.number().int(),
  /** Yuan (0 = free). */
  price: z.number(),
  /** Free, or bought by the learner: every period plays. */
  bought: z.boolean(),
  /** Credit (hours or credits, by the site's studyScoreType) and points completing the course earns. */
  creditHour: z.number(),
  points: z.number().int(),
  periodCount: z.number().int(),
  /** Total length of the video periods, seconds. */
  totalSeconds: z.number().int(),
  admired: z.boolean(),
  admireCount: z.number().int(),
  marked: z.boolean(),
  commentCount: z.number().int(),
  /** Average rating 0.5 to 5 (one decimal), null without ratings. */
  averageRating: z.number().nullable(),
  /** Comments are shown and accepted (the course's and the site's showUserCommentOpenSet). */
  commentsOpen: z.boolean(),
  progress: courseProgress,
});
export type CourseDetail = z.infer<typeof courseDetail>;

export const viewCourse = defineCall({
  name: 'viewCourse',
  method: 'GET',
  path: '/course/auth/course/info/view',
  summary:
    "A published course of the learner's enterprise: introduction, lecturer, price and whether bought, earnings, admire, mark, rating and the learner's progress",
  tags: ['study'],
  request: courseRef,
  response: courseDetail,
});

/** One period with the learner's progress in it. */
export const coursePeriod = z.object({
  id: z.number().int(),
  chapterId: z.number().int(),
  title: z.string(),
  periodType: z.number().int(),
  /** A video's length; the time a document or image-text period must be open to count. */
  durationSeconds: z.number().int(),
  freeTrial: z.boolean(),
  required: z.boolean(),
  /** Playable by this learner now (free, bought, or a free-trial period). */
  playable: z.boolean(),
  hasTranscript: z.boolean(),
  /** Seconds credited, furthest position and last position. */
  creditedSeconds: z.number(),
  furthestSeconds: z.number(),
  positionSeconds: z.number(),
  /** 0 to 100. */
  percent: z.number().int(),
  completed: z.boolean(),
  /** A live lesson's room (period type 4): opened at /live/watch?id=roomId; state as `LiveState`. */
  live: z
    .object({ roomId: z.number().int(), state: z.number().int(), startsAt: z.string(), endsAt: z.string() })
    .nullable(),
});
export type CoursePeriod = z.infer<typeof coursePeriod>;

export const courseChapter = z.object({
  id: z.number().int(),
  title: z.string(),
  periods: z.array(coursePeriod),
});
export type CourseChapter = z.infer<typeof courseChapter>;

export const findCoursePeriods = defineCall({
  name: 'findCoursePeriods',
  method: 'GET',
  path: '/course/auth/course/chapter/period/list',
  summary: "A course's chapters and their periods in order, each with its type, length and the learner's progress",
  tags: ['study'],
  request: courseRef,
  response: z.array(courseChapter),
});

export const admireCourse = defineCall({
  name: 'admireCourse',
  method: 'PUT',
  path: '/course/auth/course/info/admire',
  summary: "Toggles the learner's like of a course; answers the new state and count",
  tags: ['study'],
  request: courseRef,
  response: z.object({ admired: z.boolean(), admireCount: z.number().int() }),
});

const markState = z.object({ marked: z.boolean(), markedAt: z.string().nullable() });

export const viewCourseMark = defineCall({
  name: 'viewCourseMark',
  method: 'POST',
  path: '/course/auth/user/course/mark/view',
  summary: 'Whether the learner has marked the course as a favourite (收藏), and when',
  tags: ['study'],
  request: courseRef,
  response: markState,
});

export const saveCourseMark = defineCall({
  name: 'saveCourseMark',
  method: 'POST',
  path: '/course/auth/user/course/mark/save',
  summary: 'Marks a course as a favourite or removes the mark (marked false); repeating it changes nothing',
  tags: ['study'],
  request: courseRef.extend({ marked: z.boolean() }),
  response: markState,
});

export const courseComment = z.object({
  id: z.number().int(),
  content: z.string(),
  /** 0.5 to 5. */
  rating: z.number(),
  userName: z.string(),
  headPortrait: z.string(),
  gmtCreate: z.string(),
  /** The learner's own: they may delete it. */
  mine: z.boolean(),
});
export type CourseComment = z.infer<typeof courseComment>;

export const findCourseComments = defineCall({
  name: 'findCourseComments',
  method: 'POST',
  path: '/course/auth/user/course/comment/page',
  summary: "A course's comments, newest first (none where comments are closed)",
  tags: ['study'],
  request: courseRef.extend({
    ...paging(COURSE_COMMENT_PAGE_SIZE, 50),
  }),
  response: pageResponse(courseComment),
});

/** A rating: 0.5 to 5 in half steps. */
export const ratingSchema = z
  .number()
  .min(RATING_MIN)
  .max(RATING_MAX)
  .refine((n) => Number.isInteger(n * 2), { message: 'half steps' });

export const saveCourseComment = defineCall({
  name: 'saveCourseComment',
  method: 'POST',
  path: '/course/auth/user/course/comment/save',
  summary: 'Comments on a course with a rating of 0.5 to 5 in half steps',
  tags: ['study'],
  request: courseRef.extend({
    content: z.string().trim().min(1).max(COURSE_COMMENT_MAX),
    rating: ratingSchema,
  }),
  response: courseComment,
});

export const deleteCourseComment = defineCall({
  name: 'deleteCourseComment',
  method: 'DELETE',
  path: '/course/auth/user/course/comment/delete',
  summary: "Deletes one of the learner's own comments (5401 for another's)",
  tags: ['study'],
  request: z.object({ id }),
  response: z.null(),
});

/** The video material shape (account-area.md section 3), as a play or a preview answers it. */
export const videoMaterial = z.object({
  vodPlatform: z.number().int(),
  /** Seconds; null while the video is not processed (该视频未更新). */
  duration: z.number().int().nullable(),
  /** Platform 1: the provider's play token, time stamp and md5(secretkey + vid + ts). */
  token: z.string(),
  ts: z.string(),
  sign: z.string(),
  vid: z.string(),
  /** The viewer code the provider shows in its statistics (the learner's account id). */
  code: z.string(),
  /** Platform 4: the direct URL (MP4 or HLS .m3u8). */
  vodPlayUrl: z.string(),
});
export type VideoMaterial = z.infer<typeof videoMaterial>;

/** What a player needs to play one period and report on it. */
export const periodPlay = z.object({
  courseId: z.number().int(),
  periodId: z.number().int(),
  periodType: z.number().int(),
  title: z.string(),
  /** This player's id: reports carry it; a newer player of the learner replaces it (8010). */
  playerId: z.string(),
  /** Videos: the material to play. */
  video: videoMaterial.nullable(),
  /** Documents: the file's URL and name. */
  documentUrl: z.string(),
  documentName: z.string(),
  durationSeconds: z.number().int(),
  /** Where the learner was, the furthest point reached and whether seeking is free (complete). */
  positionSeconds: z.number(),
  /**
   * Where the video starts: the position unless the period is complete (then 0), and never at its
   * very end (the server's rule, progress.rules.ts `resumeAt`).
   */
  resumeSeconds: z.number(),
  furthestSeconds: z.number(),
  creditedSeconds: z.number(),
  completed: z.boolean(),
  /** The watermark: the learner's name and masked phone. */
  watermark: z.string(),
});
export type PeriodPlay = z.infer<typeof periodPlay>;

export const watchStudyResource = defineCall({
  name: 'watchStudyResource',
  method: 'POST',
  path: '/course/auth/course/study/resource/watch',
  summary:
    'Opens a period to study: the video material (platform 1 signed, 4 direct) or document, where to resume, and a new player id that replaces any other of the learner (one video at a time); 8001 for a priced course not bought',
  tags: ['study'],
  request: courseRef.extend({ periodId: id }),
  response: periodPlay,
});

/** Why the player reports: 1 a tick while playing, 2 paused, 3 ended, 4 page hidden, 5 page left, 6 playing again (credits nothing). */
export const ProgressEvent = { TICK: 1, PAUSE: 2, ENDED: 3, HIDDEN: 4, LEAVE: 5, RESUME: 6 } as const;

export const updateStudyProgress = defineCall({
  name: 'updateStudyProgress',
  method: 'PUT',
  path: '/course/auth/course/study/progress/update',
  summary:
    "Reports the player's position: the server credits at most the wall-clock time since the player's last report (times the course's fastest speed), keeps the furthest position, refuses a forward skip before the period is complete (8011), and completes the period and the course (earning once)",
  tags: ['study'],
  request: courseRef.extend({
    periodId: id,
    playerId: z.string().min(1).max(64),
    /** Seconds into the video (documents and image-text: 0). */
    position: z.number().min(0).max(86_400),
    event: z.number().int().min(1).max(6),
  }),
  response: z.object({
    positionSeconds: z.number(),
    furthestSeconds: z.number(),
    creditedSeconds: z.number(),
    percent: z.number().int(),
    completed: z.boolean(),
    /** The course's progress when this report changed it (a period completed, the player stopped or started); null on a plain tick. */
    course: courseProgress.nullable(),
    /** What this report earned by completing the course (null when it did not). */
    earned: z.object({ creditHour: z.number(), points: z.number().int() }).nullable(),
  }),
});

export const viewImageText = defineCall({
  name: 'viewImageText',
  method: 'GET',
  path: '/course/auth/course/info/image/text/watch',
  summary: "An image-text period's sanitised content",
  tags: ['study'],
  request: courseRef.extend({ periodId: id }),
  response: z.object({ id: z.number().int(), title: z.string(), content: z.string() }),
});

export const courseConfig = z.object({
  /** Speeds the player offers, up to the course's fastest. */
  speeds: z.array(z.number()),
  maxSpeed: z.number(),
  /** Share of a video's length to credit for the period to be complete. */
  completionPercent: z.number().int(),
  minPeriodSeconds: z.number().int(),
  reportSeconds: z.number().int(),
  /** Forward seeking is free only in a completed period. */
  seekFreeAfterComplete: z.boolean(),
  watermark: z.boolean(),
});
export type CourseConfig = z.infer<typeof courseConfig>;

export const viewCourseConfig = defineCall({
  name: 'viewCourseConfig',
  method: 'GET',
  path: '/course/auth/course/info/config',
  summary: "The course's player settings: speeds, completion share, minimum time per period, report interval",
  tags: ['study'],
  request: courseRef,
  response: courseConfig,
});

export const viewTranscript = defineCall({
  name: 'viewTranscript',
  method: 'GET',
  path: '/course/auth/course/info/vod/transcription',
  summary: "A video period's transcript as timed cues (empty when it has none)",
  tags: ['study'],
  request: courseRef.extend({ periodId: id }),
  response: z.array(z.object({ start: z.number(), end: z.number(), text: z.string() })),
});

// ---- My study (/account?change=1) ----

/** Which of the learner's courses: 0 all, 1 in progress, 2 completed, 3 marked (favourites). */
export const StudyStatus = { ALL: 0, LEARNING: 1, COMPLETED: 2, MARKED: 3 } as const;

export const myCourse = z.object({
  courseId: z.number().int(),
  title: z.string(),
  coverUrl: z.string(),
  lecturerName: z.string(),
  percent: z.number().int(),
  completedPeriods: z.number().int(),
  requiredPeriods: z.number().int(),
  /** Wall-clock time studied, seconds. */
  studiedSeconds: z.number().int(),
  startedAt: z.string().nullable(),
  lastStudiedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  lastPeriodId: z.number().int().nullable(),
  creditHour: z.number(),
  points: z.number().int(),
});
export type MyCourse = z.infer<typeof myCourse>;

const progressFilter = z.object({
  status: z.coerce.number().int().min(0).max(3).default(StudyStatus.ALL),
  keyword: z.string().trim().max(50).optional(),
});

export const findCourseProgress = defineCall({
  name: 'findCourseProgress',
  method: 'POST',
  path: '/data/auth/course/user/progress/course/page',
  summary: "The learner's courses with progress (all, in progress, completed or marked), last studied first",
  tags: ['study'],
  request: progressFilter.extend(listPaging),
  response: pageResponse(myCourse),
});

export const exportCourseProgress = defineCall({
  name: 'exportCourseProgress',
  method: 'POST',
  path: '/data/auth/course/user/progress/course/export',
  summary:
    "Exports the learner's course progress as XLSX in a background job: answers the export record (processing, then done or failed)",
  tags: ['study'],
  request: progressFilter,
  response: z.object({ id: z.number().int(), fileName: z.string(), exportStatus: z.number().int() }),
});

/** Study dynamics: 1 started a course, 2 completed it. */
export const StudyAction = { STARTED: 1, COMPLETED: 2 } as const;

export const findStudyDynamics = defineCall({
  name: 'findStudyDynamics',
  method: 'POST',
  path: '/course/auth/study/dynamic/page',
  summary: "Recent study in the learner's enterprise (who started or completed which course), newest first",
  tags: ['study'],
  request: z.object(listPaging),
  response: pageResponse(
    z.object({
      userName: z.string(),
      headPortrait: z.string(),
      courseId: z.number().int(),
      courseTitle: z.string(),
      action: z.number().int(),
      gmtCreate: z.string(),
    }),
  ),
});

export const earningRecord = z.object({
  id: z.number().int(),
  /** The resource type of the source (3 an online course, 7 an exam task…). */
  sourceType: z.number().int(),
  sourceId: z.number().int(),
  title: z.string(),
  points: z.number().int(),
  creditHour: z.number(),
  gmtCreate: z.string(),
});
export type EarningRecord = z.infer<typeof earningRecord>;

export const findEarnings = defineCall({
  name: 'findEarnings',
  method: 'POST',
  path: '/data/auth/user/earning/record/page',
  summary:
    "The learner's earning ledger (/account?change=3&recordType=1): points and credit hours, one row per award, newest first, with the totals",
  tags: ['study'],
  request: z.object(listPaging),
  response: pageResponse(earningRecord).extend({ totalPoints: z.number().int(), totalCreditHour: z.number() }),
});

// ---- The resource library (account-area.md section 4: video preview; platform.md: rich content) ----

const materialRef = z.object({
  eid: z.coerce.number().int().positive().optional().describe('Enterprise id; the domain default when absent'),
  materialId: id,
});

export const previewVod = defineCall({
  name: 'previewVod',
  method: 'POST',
  path: '/course/api/resource/library/vod/preview',
  access: 'visitor',
  summary:
    "A library video's material to preview (rich content clicks): platform 1 signed, 4 direct; duration null when not processed",
  tags: ['study'],
  request: materialRef,
  response: videoMaterial,
});

export const downloadDoc = defineCall({
  name: 'downloadDoc',
  method: 'POST',
  path: '/course/api/resource/library/download/doc',
  access: 'visitor',
  summary: "A library document's download URL and file name (rich content clicks)",
  tags: ['study'],
  request: materialRef,
  response: z.object({ url: z.string(), fileName: z.string() }),
});
