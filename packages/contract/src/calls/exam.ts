import { z } from 'zod';
import { defineCall } from '../call.ts';
import { id, paging, pageResponse } from '../envelope.ts';

// Taking exams (issue 13 items 2–4, account-area.md section 7 "Exams and practice", platform.md
// sections 7 and 8; decision 029): the learner's exam tasks, their counts, one task's record, its
// export and admission ticket; starting an attempt, the paper (never with its answers), the
// server's clock, ordered idempotent answer saves, leaving the page, submitting, the result and
// past attempts; marking short answers by an enterprise's administrators. The server is the clock
// and the judge (DESIGN.md section 9): every time below is the database's.

export const EXAM_PAGE_SIZE = 10;
const listPaging = paging(EXAM_PAGE_SIZE, 100);

/**
 * The statusLabel enumeration as an exam task shows it for a learner: 1 not started (before the
 * window), 4 waiting for exam (open, or an attempt under way), 5 passed, 6 failed (marked, not
 * passed), 7 waiting for marking (等待批阅), 8 absent (window over, never started).
 */
export const ExamStatusLabel = {
  NOT_STARTED: 1,
  WAITING_FOR_EXAM: 4,
  PASSED: 5,
  FAILED: 6,
  WAITING_FOR_MARKING: 7,
  ABSENT: 8,
} as const;
const examStatusLabels = Object.values(ExamStatusLabel) as number[];

/** An attempt's state: 1 answering, 2 submitted and waiting for marking (a short answer), 3 marked. */
export const AttemptStatus = { ANSWERING: 1, WAITING_FOR_MARKING: 2, MARKED: 3 } as const;

/** Why an attempt was submitted: 1 the taker, 2 time over (the page at zero, a late save or finish), 3 the server's sweep, 4 the screen-switch limit. */
export const SubmitReason = { TAKER: 1, TIME_OVER: 2, SWEEP: 3, SCREEN_SWITCH: 4 } as const;

/** What the page reports through get/duration: 1 it was left (hidden, blurred), 2 it came back. */
export const ScreenEvent = { LEAVE: 1, RETURN: 2 } as const;

/** The attempt log's kinds (exam_attempt_events). */
export const AttemptEventKind = {
  START: 1,
  OPEN: 2,
  ANSWER: 3,
  LEAVE: 4,
  RETURN: 5,
  SUBMIT: 6,
  TIME_OVER_SUBMIT: 7,
  SWEEP_SUBMIT: 8,
  SCREEN_SWITCH_SUBMIT: 9,
  MARKED: 10,
  /** A leave of the page counted before the page came back: it stayed away past the grace. */
  LEAVE_COUNTED: 11,
} as const;

/** A mark: 0 wrong, 1 right, 2 partly right (null: a short answer not marked yet). */
export const AnswerResult = { WRONG: 0, RIGHT: 1, PARTLY: 2 } as const;

/** Longest text of one fill-in blank, and of a short answer (characters). */
export const EXAM_BLANK_MAX = 200;
export const EXAM_SHORT_ANSWER_MAX = 5000;
/** Most answers one batch save carries (a paper's size is checked too). */
export const EXAM_SAVE_BATCH_MAX = 500;
/** Seconds after its deadline an abandoned attempt is submitted by the sweep (every 30 s). */
export const EXAM_SWEEP_GRACE_SECONDS = 60;
export const EXAM_SWEEP_EVERY_SECONDS = 30;
/** The page saves its changed answers in a batch this often (seconds), besides on each change. */
export const EXAM_BATCH_SAVE_SECONDS = 15;
/**
 * How far one save may move an attempt's lastSeq forward (7612 beyond it, nothing stored). The page
 * takes one number per change (a keystroke, a click) and sends it within seconds, or, offline, when
 * the network is back: a save is ahead of the server's lastSeq by the changes made since its last
 * acknowledgement. 100 000 is more than a taker makes in any sitting (a change every 0.1 s for
 * almost three hours offline), yet a save of seq 2147483647 no longer fixes lastSeq at the top of
 * the int range and blocks every later save (issue 19 item 10). A page refused renumbers its
 * waiting answers after the server's lastSeq (7612 answers it in `data`).
 */
export const EXAM_SEQ_STEP_MAX = 100_000;
/**
 * A leave of the exam page counts only when the page stays hidden longer than this (seconds; the
 * site's individuationOptions.examLeaveGraceSeconds, 0 to 60): a reload or a glance at a
 * notification is not a leave (issue 19 item 12).
 */
export const EXAM_LEAVE_GRACE_SECONDS = 3;
export const EXAM_LEAVE_GRACE_MAX_SECONDS = 60;

const taskFilter = z.object({
  /** One of ExamStatusLabel; absent: all. */
  statusLabel: z.coerce
    .number()
    .int()
    .refine((n) => examStatusLabels.includes(n), { message: 'unknown status label' })
    .optional(),
  keyword: z.string().trim().max(50).optional(),
});

/** Why a learner cannot start an attempt now: the error code a start would answer. */
export const examStartRefusal = z.union([z.literal(7601), z.literal(7602), z.literal(7604)]);

/** One exam task as the learner's lists show it, with their standing in it. */
export const examTaskItem = z.object({
  taskId: z.number().int(),
  title: z.string(),
  intro: z.string(),
  /** The window (ISO times): attempts start inside it and never last past its end. */
  startsAt: z.string(),
  endsAt: z.string(),
  durationMinutes: z.number().int(),
  attemptsAllowed: z.number().int(),
  attemptsUsed: z.number().int(),
  /** Points (one decimal); the best marked score, null before one. */
  bestScore: z.number().nullable(),
  totalScore: z.number(),
  passScore: z.number(),
  passed: z.boolean(),
  /** ExamStatusLabel. */
  statusLabel: z.number().int(),
  /** A start (or continuing the open attempt) is possible now. */
  canStart: z.boolean(),
  /** When not: 7601 before the window, 7602 after it, 7604 no attempts left. */
  cannotStartCode: examStartRefusal.nullable(),
  /** The attempt under way (start/exam answers it again), or null. */
  openAttemptId: z.number().int().nullable(),
  waitingForMarking: z.boolean(),
  /** Leaves of the page allowed (0: not counted). */
  screenSwitchLimit: z.number().int(),
  /** Right answers and analysis are shown after submitting (once no attempt is left or the window is over). */
  showAnswers: z.boolean(),
  /** Passing earns these points and credit hours (by the site's studyScoreType), and a certificate when true. */
  points: z.number().int(),
  creditHour: z.number(),
  grantsCertificate: z.boolean(),
  /** The task has an admission ticket (准考证); printable from admissionPrintAt (null: at once). */
  admissionTicket: z.boolean(),
  admissionPrintAt: z.string().nullable(),
  admissionPrintable: z.boolean(),
});
export type ExamTaskItem = z.infer<typeof examTaskItem>;

export const findExamTasks = defineCall({
  name: 'findExamTasks',
  method: 'POST',
  path: '/exam/auth/user/exam/task/record/exam/task/page',
  summary:
    "The learner's exam tasks (the published tasks given to them: every member, or by the task's people, departments and tags), newest window first, by status label and keyword, each with its window, duration, attempts, best and pass score, status label and whether it can be started now",
  tags: ['exam'],
  request: taskFilter.extend(listPaging),
  response: pageResponse(examTaskItem),
});

export const findExamTaskRecords = defineCall({
  name: 'findExamTaskRecords',
  method: 'POST',
  path: '/exam/auth/user/exam/task/record/page',
  summary: 'The exam tasks the learner has started (has a record in), newest window first, by status label and keyword',
  tags: ['exam'],
  request: taskFilter.extend(listPaging),
  response: pageResponse(examTaskItem),
});

export const examTaskCounts = z.object({
  total: z.number().int(),
  notStarted: z.number().int(),
  waitingForExam: z.number().int(),
  passed: z.number().int(),
  failed: z.number().int(),
  waitingForMarking: z.number().int(),
  absent: z.number().int(),
});
export type ExamTaskCounts = z.infer<typeof examTaskCounts>;

export const countExamTasks = defineCall({
  name: 'countExamTasks',
  method: 'POST',
  path: '/exam/auth/user/exam/task/record/current/user/count',
  summary: "The learner's exam tasks counted by status label (the badges of the exam list)",
  tags: ['exam'],
  request: z.object({}),
  response: examTaskCounts,
});

/** One attempt as the learner's lists show it. */
export const examAttemptItem = z.object({
  attemptId: z.number().int(),
  taskId: z.number().int(),
  taskTitle: z.string(),
  attemptNo: z.number().int(),
  /** AttemptStatus. */
  status: z.number().int(),
  /** SubmitReason, null while answering. */
  submitReason: z.number().int().nullable(),
  /** Points: the score once marked (null before), the objective part once submitted. */
  score: z.number().nullable(),
  objectiveScore: z.number().nullable(),
  totalScore: z.number(),
  passScore: z.number(),
  passed: z.boolean().nullable(),
  startedAt: z.string(),
  deadlineAt: z.string(),
  submittedAt: z.string().nullable(),
  /** Seconds from start to submit (null while answering). */
  usedSeconds: z.number().int().nullable(),
  screenSwitches: z.number().int(),
});
export type ExamAttemptItem = z.infer<typeof examAttemptItem>;

/** An issued certificate as exam results name it. */
export const examCertificateRef = z.object({ id: z.number().int(), number: z.string() });

export const viewExamTaskRecord = defineCall({
  name: 'viewExamTaskRecord',
  method: 'POST',
  path: '/exam/auth/user/exam/task/record/view',
  summary:
    "One exam task with the learner's standing and attempts, newest first, and the certificate it earned (/account/exam/detail, /account/exam/info)",
  tags: ['exam'],
  request: z.object({ taskId: id }),
  response: examTaskItem.extend({
    attempts: z.array(examAttemptItem),
    certificate: examCertificateRef.nullable(),
  }),
});

export const viewAdmissionTicket = defineCall({
  name: 'viewAdmissionTicket',
  method: 'POST',
  path: '/exam/auth/user/exam/task/record/admission/ticket',
  summary:
    "The learner's admission ticket (准考证) of an exam task, to print; 7005 before its print time (the client shows the site's individuationOptions.admissionTicketPrintTime), 404 for a task without one",
  tags: ['exam'],
  request: z.object({ taskId: id }),
  response: z.object({
    ticketNumber: z.string(),
    taskTitle: z.string(),
    name: z.string(),
    /** The phone number masked (138****0000). */
    phone: z.string(),
    startsAt: z.string(),
    endsAt: z.string(),
    durationMinutes: z.number().int(),
  }),
});

export const exportExamTasks = defineCall({
  name: 'exportExamTasks',
  method: 'POST',
  path: '/exam/auth/user/exam/task/record/exam/task/export',
  summary:
    "Exports the learner's exam tasks (the list's filter) as XLSX in a background job: answers the export record (processing, then done or failed)",
  tags: ['exam'],
  request: taskFilter,
  response: z.object({ id: z.number().int(), fileName: z.string(), exportStatus: z.number().int() }),
});

// ---- Taking an exam (/account/exam/examQuestion) ----

const attemptRef = z.object({ attemptId: id });
/** The browser's clock when it acted, kept in the attempt log beside the server's. */
const clientAt = z.iso.datetime({ offset: true }).optional();

/** The server's clock for an attempt: seconds left, the deadline and the server's now. */
export const examClock = z.object({
  /** Whole seconds until the deadline by the database's clock (0 when past). */
  secondsLeft: z.number().int(),
  deadlineAt: z.string(),
  serverNow: z.string(),
});

export const startExam = defineCall({
  name: 'startExam',
  method: 'POST',
  path: '/exam/auth/user/paper/record/start/exam',
  summary:
    'Starts an attempt of an exam task (or answers the one under way): deadline = min(now + duration, the task end) by the server clock, a paper drawn for this taker; 7601 before the window, 7602 after, 7604 no attempts left',
  tags: ['exam'],
  request: z.object({ taskId: id, clientAt }),
  response: examClock.extend({
    attemptId: z.number().int(),
    attemptNo: z.number().int(),
    /** The attempt was already under way (this start made nothing new). */
    resumed: z.boolean(),
  }),
});

const choice = z.object({ key: z.string(), text: z.string() });

/**
 * One question as the taker sees it: never its answer keys, blanks' answers, reference answer or
 * analysis. `options` are shown in the order given (shuffled where the paper says) and labelled by
 * position; answers name their `key`. Matching: `items` (left) each take one option key.
 */
export const examPaperQuestion = z.object({
  questionId: z.number().int(),
  /** 1 single, 2 multiple, 3 true/false (keys T and F), 4 fill-in, 5 short answer, 6 matching, 7 indefinite. */
  questionType: z.number().int(),
  difficulty: z.number().int(),
  stem: z.string(),
  options: z.array(choice),
  items: z.array(choice),
  /** Fill-in: how many blanks (the answer has one text per blank). */
  blankCount: z.number().int(),
  /** Points (one decimal). */
  score: z.number(),
});
export type ExamPaperQuestion = z.infer<typeof examPaperQuestion>;

/** A saved answer: the keys chosen, the blanks' texts, the short answer, or matching one key per item. */
export const examSavedAnswer = z.object({
  questionId: z.number().int(),
  answer: z.array(z.string()),
  flagged: z.boolean(),
  /** The save sequence that wrote it. */
  seq: z.number().int(),
});

export const viewExamPaper = defineCall({
  name: 'viewExamPaper',
  method: 'POST',
  path: '/exam/auth/user/paper/record/view/exam',
  summary:
    'The paper of an attempt without any answer, the saved answers and flags, the seconds left by the server clock, the last save sequence and the screen switches; logged as an opening',
  tags: ['exam'],
  request: attemptRef.extend({ clientAt }),
  response: examClock.extend({
    attemptId: z.number().int(),
    taskId: z.number().int(),
    title: z.string(),
    attemptNo: z.number().int(),
    /** AttemptStatus: 1 while answering; otherwise submitted (go to the result). */
    status: z.number().int(),
    submitReason: z.number().int().nullable(),
    durationMinutes: z.number().int(),
    totalScore: z.number(),
    passScore: z.number(),
    questions: z.array(examPaperQuestion),
    answers: z.array(examSavedAnswer),
    /** The highest save sequence applied: the page continues its sequence after it. */
    lastSeq: z.number().int(),
    screenSwitches: z.number().int(),
    screenSwitchLimit: z.number().int(),
  }),
});

export const getExamDuration = defineCall({
  name: 'getExamDuration',
  method: 'POST',
  path: '/exam/auth/user/paper/record/get/duration',
  summary:
    "Seconds left and the server's now; with event 1 (the page left) or 2 (it came back) the server counts the leave and logs it. Past the task's switch limit the attempt is submitted and the call answers 7603; past the deadline it is submitted and answers 7610",
  tags: ['exam'],
  request: attemptRef.extend({ event: z.coerce.number().int().min(1).max(2).optional(), clientAt }),
  response: examClock.extend({
    screenSwitches: z.number().int(),
    screenSwitchLimit: z.number().int(),
    /** The attempt is submitted (by the taker earlier): go to the result. */
    submitted: z.boolean(),
  }),
});

/** One answer as the page saves it. */
export const examAnswerInput = z.object({
  questionId: id,
  /** Choices: the keys; true/false: T or F; fill-in: one text per blank; short answer: one text; matching: one key per item ('' unmatched). */
  answer: z.array(z.string().max(EXAM_SHORT_ANSWER_MAX)).max(100),
  flagged: z.boolean().optional(),
  /** The page's save sequence, rising with each change; a save is applied only above the stored one of its question. */
  seq: z.coerce.number().int().min(1).max(2147483647),
  clientAt,
});
export type ExamAnswerInput = z.infer<typeof examAnswerInput>;

/** What a save did to one question: applied, or not (an older or the same save), and the sequence now stored. */
export const examSaveResult = z.object({
  questionId: z.number().int(),
  applied: z.boolean(),
  seq: z.number().int(),
});

export const saveExamAnswer = defineCall({
  name: 'saveExamAnswer',
  method: 'POST',
  path: '/exam/auth/user/paper/record/answer/save',
  summary:
    "Saves one answer if its seq is above the stored one (ordered and idempotent); checked against the question's type (7606); after the deadline 7610 and nothing stored (the attempt is submitted); 7605 once submitted",
  tags: ['exam'],
  request: examAnswerInput.extend({ attemptId: id }),
  response: examClock.extend(examSaveResult.shape).extend({ lastSeq: z.number().int() }),
});

export const saveExamAnswers = defineCall({
  name: 'saveExamAnswers',
  method: 'POST',
  path: '/exam/auth/user/paper/record/answer/save/batch',
  summary:
    'Saves several answers at once (at most the paper’s size), each by the rules of answer/save; all or nothing when one is malformed (7606)',
  tags: ['exam'],
  request: attemptRef.extend({ answers: z.array(examAnswerInput).min(1).max(EXAM_SAVE_BATCH_MAX) }),
  response: examClock.extend({ results: z.array(examSaveResult), lastSeq: z.number().int() }),
});

/** One question of a result: the learner's answer and mark; the keys and analysis only where the task shows them. */
export const examResultQuestion = examPaperQuestion.extend({
  answer: z.array(z.string()),
  flagged: z.boolean(),
  /** AnswerResult; null for a short answer waiting for marking. */
  result: z.number().int().nullable(),
  /** Points earned (null while waiting for marking). */
  gotScore: z.number().nullable(),
  markerComment: z.string(),
  /** Right keys (choices, T/F, matching by item); null where answers are not shown. */
  rightAnswer: z.array(z.string()).nullable(),
  /** Fill-in: the accepted answers of each blank; null where not shown. */
  blanks: z.array(z.array(z.string())).nullable(),
  referenceAnswer: z.string().nullable(),
  analysis: z.string().nullable(),
});
export type ExamResultQuestion = z.infer<typeof examResultQuestion>;

export const examResult = examAttemptItem.extend({
  /** The task shows answers and they are shown now (submitted, and no attempt left or the window over). */
  answersShown: z.boolean(),
  certificate: examCertificateRef.nullable(),
  /** Points and credit hours this attempt's pass earned (null when it earned nothing). */
  earned: z.object({ points: z.number().int(), creditHour: z.number() }).nullable(),
  questions: z.array(examResultQuestion),
});
export type ExamResult = z.infer<typeof examResult>;

export const finishExam = defineCall({
  name: 'finishExam',
  method: 'POST',
  path: '/exam/auth/user/paper/record/finish/exam',
  summary:
    'Submits the attempt once and marks its objective questions; waits for marking when a short answer was given, else passes or fails (passing earns points, credit and a certificate once); answers the result. After the deadline it is submitted as time over and answers 7610',
  tags: ['exam'],
  request: attemptRef.extend({ clientAt }),
  response: examResult,
});

export const viewExamResult = defineCall({
  name: 'viewExamResult',
  method: 'POST',
  path: '/exam/auth/user/paper/record/finish/examview',
  summary:
    "An attempt's result (/account/exam/examSuccess): score, pass, time used, the certificate, each question with the learner's answer and mark, and the right answer and analysis where the task shows them",
  tags: ['exam'],
  request: attemptRef,
  response: examResult,
});

export const viewPaperRecord = defineCall({
  name: 'viewPaperRecord',
  method: 'GET',
  path: '/exam/auth/user/paper/record/view',
  summary: 'One of the learner’s past attempts by id, as finish/examview answers it',
  tags: ['exam'],
  request: z.object({ id }),
  response: examResult,
});

export const findPaperRecords = defineCall({
  name: 'findPaperRecords',
  method: 'POST',
  path: '/exam/auth/user/paper/record/getPaperRecord',
  summary: "The learner's attempts, newest first, optionally of one task",
  tags: ['exam'],
  request: z.object({ ...listPaging, taskId: id.optional() }),
  response: pageResponse(examAttemptItem),
});

// ---- Marking short answers (the back office's marking queue, decisions 029 and 048) ----

/** How long a marker keeps an attempt they opened: others are refused it meanwhile (7613). */
export const MARKING_CLAIM_MINUTES = 15;

export const markingAttemptItem = z.object({
  attemptId: z.number().int(),
  taskId: z.number().int(),
  taskTitle: z.string(),
  learnerName: z.string(),
  attemptNo: z.number().int(),
  submittedAt: z.string(),
  objectiveScore: z.number(),
  totalScore: z.number(),
  passScore: z.number(),
  /** Short answers waiting for a mark. */
  toMark: z.number().int(),
  /** Another marker who has it open now (their name), or null. */
  claimedBy: z.string().nullable(),
  /** The caller has it open. */
  claimedByMe: z.boolean(),
});

export const findMarkingAttempts = defineCall({
  name: 'findMarkingAttempts',
  method: 'GET',
  path: '/exam/auth/admin/paper/record/marking/page',
  summary:
    "Attempts of the administrator's enterprise waiting for marking, longest waiting first, optionally of one task (administrators only: 3403)",
  tags: ['exam'],
  request: z.object({ ...listPaging, taskId: id.optional() }),
  response: pageResponse(markingAttemptItem),
});

export const markingQuestion = z.object({
  questionId: z.number().int(),
  stem: z.string(),
  /** Points the question is worth. */
  score: z.number(),
  answer: z.string(),
  referenceAnswer: z.string(),
  analysis: z.string(),
});

export const viewMarkingAttempt = defineCall({
  name: 'viewMarkingAttempt',
  method: 'GET',
  path: '/exam/auth/admin/paper/record/marking/view',
  summary:
    'One attempt to mark: its short answers with their reference answers, the objective score and the pass score. Opening one waiting for marking takes it for the caller for 15 minutes (again on every opening); 7613 while another marker has it (administrators only: 3403)',
  tags: ['exam'],
  request: attemptRef,
  response: markingAttemptItem.extend({
    status: z.number().int(),
    questions: z.array(markingQuestion),
    /** Until when the caller has it (ISO 8601), while it waits for marking. */
    claimedUntil: z.string().nullable(),
  }),
});

export const claimNextMarking = defineCall({
  name: 'claimNextMarking',
  method: 'POST',
  path: '/exam/auth/admin/paper/record/marking/next',
  summary:
    'Takes the next (or previous) attempt of the queue after `after` that no other marker has open, for 15 minutes, and gives back `after` if the caller had it; answers its id, or null when none is left (administrators only: 3403)',
  tags: ['exam'],
  request: z.object({
    after: id.optional(),
    direction: z.enum(['next', 'previous']).default('next'),
    taskId: id.optional(),
  }),
  response: z.object({ attemptId: z.number().int().nullable() }),
});

export const markExamAttempt = defineCall({
  name: 'markExamAttempt',
  method: 'POST',
  path: '/exam/auth/admin/paper/record/mark',
  summary:
    'Marks every short answer of an attempt waiting for marking (score 0 to the question’s, in tenths) and completes it once: the score, pass or fail, and on pass the points, credit and certificate (administrators only: 3403; 7607 when not waiting; 7608 for a bad mark)',
  tags: ['exam'],
  request: attemptRef.extend({
    marks: z
      .array(
        z.object({
          questionId: id,
          score: z.number().min(0).max(1000),
          comment: z.string().trim().max(500).optional(),
        }),
      )
      .min(1)
      .max(200),
  }),
  response: z.object({
    attemptId: z.number().int(),
    status: z.number().int(),
    score: z.number(),
    passed: z.boolean(),
    certificate: examCertificateRef.nullable(),
  }),
});
