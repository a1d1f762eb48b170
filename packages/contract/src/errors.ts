/**
 * The one error-code registry (DESIGN.md section 3). Every code the gateway can answer with, with
 * its Chinese and English text. `code` in the envelope is authoritative; the HTTP status is 200 for
 * every outcome the API meant to produce, except the ones with `httpStatus` below.
 */
export type Lang = 'zh' | 'en';

export interface ErrorCodeInfo {
  zh: string;
  en: string;
  /** HTTP status to send with the envelope when it is not 200. */
  httpStatus?: number;
}

export const ErrorCode = {
  OK: 200,
  OK_NOTICE: 3300,
  NOT_SIGNED_IN: 301,
  SESSION_EXPIRED: 305,
  SESSION_ENDED: 307,
  ACCOUNT_DISABLED: 308,
  CHOOSE_ENTERPRISE: 309,
  BAD_INPUT: 400,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  PASSWORD_FORMAT: 3001,
  WRONG_CREDENTIALS: 3002,
  CAPTCHA_WRONG: 3003,
  CAPTCHA_EXPIRED: 3004,
  SMS_CODE_WRONG: 3005,
  SMS_CODE_EXPIRED: 3006,
  PHONE_REGISTERED: 3007,
  ACCOUNT_LOCKED: 3008,
  SMS_TOO_FREQUENT: 3009,
  PHONE_NOT_REGISTERED: 3010,
  REGISTRATION_CLOSED: 3011,
  IDCARD_BOUND: 3052,
  THIRD_PARTY_UNBOUND: 3013,
  THIRD_PARTY_BOUND_ELSEWHERE: 3014,
  /** A registration without consent to the site's service agreement and privacy policy (PIPL). */
  AGREEMENTS_NOT_ACCEPTED: 3015,
  ENTERPRISE_NOT_FOUND: 3101,
  ADMISSION_TICKET_NOT_PRINTABLE: 7005,
  EXAM_NOT_STARTED: 7601,
  EXAM_ENDED: 7602,
  EXAM_SCREEN_SWITCH_LIMIT: 7603,
  EXAM_ATTEMPTS_USED_UP: 7604,
  EXAM_SUBMITTED: 7605,
  EXAM_ANSWER_INVALID: 7606,
  EXAM_NOT_WAITING_FOR_MARKING: 7607,
  EXAM_MARK_INVALID: 7608,
  EXAM_MARKERS_ONLY: 7609,
  EXAM_TIME_OVER: 7610,
  EXAM_OWN_ATTEMPT: 7611,
  EXAM_SEQ_TOO_FAR: 7612,
  CERTIFICATE_NOT_FOUND: 7701,
  PRACTICE_FINISHED: 7711,
  PRACTICE_NO_QUESTIONS: 7712,
  ERROR_BOOK_EMPTY: 7713,
  PRACTICE_QUESTION_HELD: 7714,
  COURSE_NOT_BOUGHT: 8001,
  STUDY_RESOURCE_LOCKED: 8004,
  STUDY_ELSEWHERE: 8010,
  STUDY_SEEK_FORWARD: 8011,
  COURSE_COMMENTS_CLOSED: 8012,
  VIDEO_NOT_READY: 8013,
  PROJECT_CLOSED: 8201,
  PROJECT_NOT_STARTED: 8202,
  PROJECT_ENDED: 8203,
  PROJECT_FULL: 8204,
  PROJECT_APPLIED: 8205,
  PROJECT_NOT_PENDING: 8206,
  PROJECT_ADMINS_ONLY: 8207,
  PROJECT_DECIDED: 8208,
  ORDER_NOT_FOUND: 9001,
  COMMENT_NOT_OWN: 5401,
  COMMENTS_CLOSED: 5402,
  MESSAGE_REPLIED: 4101,
  EXPORT_PROCESSING: 4201,
  EXPORT_FAILED: 4202,
} as const;

export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

export const errorCodes: Record<ErrorCodeValue, ErrorCodeInfo> = {
  200: { zh: '成功', en: 'Success' },
  3300: { zh: '操作成功', en: 'Done' },
  301: { zh: '请先登录', en: 'Please sign in first' },
  305: { zh: '登录已过期，请重新登录', en: 'Your session has expired, please sign in again' },
  307: { zh: '您的登录状态已失效，请重新登录', en: 'Your session has ended, please sign in again' },
  308: { zh: '您的账号已被禁用，请联系管理员', en: 'Your account has been disabled, please contact the administrator' },
  309: { zh: '请先选择平台', en: 'Please choose an organisation first' },
  400: { zh: '参数错误', en: 'Invalid input' },
  403: { zh: '没有权限', en: 'Access denied' },
  404: { zh: '请求的资源不存在', en: 'Not found' },
  409: { zh: '数据已变更，请刷新后重试', en: 'The data has changed, please refresh and try again' },
  413: { zh: '上传内容过大', en: 'The request is too large', httpStatus: 413 },
  429: { zh: '操作过于频繁，请稍后再试', en: 'Too many requests, please try again later', httpStatus: 429 },
  500: { zh: '系统繁忙，请稍后再试', en: 'Something went wrong, please try again later', httpStatus: 500 },
  503: { zh: '服务暂不可用，请稍后再试', en: 'Service unavailable, please try again later', httpStatus: 503 },
  3001: {
    zh: '密码格式错误，密码为8~20位包含英文大、小写字母和数字或特殊字符的组合',
    en: 'Wrong password format: 8 to 20 characters with upper and lower case letters and digits or special characters',
  },
  3002: { zh: '账号或密码错误', en: 'Wrong account or password' },
  3003: { zh: '图形验证码错误', en: 'The image code is wrong' },
  3004: { zh: '图形验证码已过期，请重新获取', en: 'The image code has expired, please get a new one' },
  3005: { zh: '短信验证码错误', en: 'The SMS code is wrong' },
  3006: { zh: '短信验证码已过期，请重新获取', en: 'The SMS code has expired, please get a new one' },
  3007: { zh: '该手机号已注册', en: 'This phone number is already registered' },
  3008: { zh: '账号已锁定，请{minutes}分钟后再试', en: 'The account is locked, please try again in {minutes} minutes' },
  3009: { zh: '验证码发送过于频繁，请稍后再试', en: 'Codes are being sent too often, please wait' },
  3010: { zh: '该手机号未注册', en: 'This phone number is not registered' },
  3011: { zh: '当前平台未开放注册', en: 'Registration is closed on this site' },
  3052: { zh: '该身份证号已绑定其他账号', en: 'This ID number is already bound to another account' },
  3013: {
    zh: '该第三方账号尚未绑定平台账号，请登录后完成绑定',
    en: 'This third-party account is not bound yet: sign in to bind it',
  },
  3014: { zh: '该第三方账号已绑定其他平台账号', en: 'This third-party account is bound to another account' },
  3015: {
    zh: '请阅读并同意《服务协议》和《隐私政策》',
    en: 'Please read and agree to the terms of service and the privacy policy',
  },
  3101: { zh: '平台不存在', en: 'This organisation does not exist' },
  7005: { zh: '准考证暂未开放打印', en: 'The admission ticket cannot be printed yet' },
  7601: { zh: '考试尚未开始', en: 'The exam has not started' },
  7602: { zh: '考试已结束', en: 'The exam has ended' },
  7603: { zh: '切屏次数超过限制，试卷已自动提交', en: 'Screen switch limit exceeded; the paper was submitted' },
  7604: { zh: '考试次数已用完', en: 'No attempts left' },
  7605: { zh: '试卷已提交，不能再作答', en: 'The paper has been submitted; answers can no longer be changed' },
  7606: { zh: '答案不符合题目要求：{reason}', en: 'The answer does not fit the question: {reason}' },
  7607: { zh: '该答卷不在待阅卷状态', en: 'This paper is not waiting for marking' },
  7608: { zh: '评分不正确：{reason}', en: 'The mark is not valid: {reason}' },
  7609: { zh: '仅企业管理员可以阅卷', en: 'Only administrators of the organisation can mark papers' },
  7610: { zh: '考试时间已到，试卷已自动提交', en: 'Exam time is over; the paper was submitted' },
  7611: { zh: '不能批阅自己的答卷', en: 'You cannot mark your own paper' },
  7612: {
    zh: '答案保存序号超出范围：最多比已保存的序号{lastSeq}大{step}',
    en: 'The save sequence is out of range: at most {step} above the saved sequence {lastSeq}',
  },
  7701: { zh: '未查询到相关证书信息', en: 'No certificate was found' },
  7711: { zh: '本次练习已结束', en: 'This practice round has finished' },
  7712: { zh: '该练习暂无可练习的题目', en: 'This practice set has no questions yet' },
  7713: { zh: '错题本中暂无错题', en: 'Your error book is empty' },
  7714: {
    zh: '该题属于您尚未结束的考试，考试结束后才能练习',
    en: 'This question is in an exam still open to you; practise it once the exam is over',
  },
  8001: { zh: '该课程需购买后才能学习', en: 'Buy this course to study it' },
  8004: { zh: '请先完成上一个学习资源', en: 'Finish the previous resource first' },
  8010: {
    zh: '您已在其他页面或设备学习，本页面已停止计时',
    en: 'You are studying in another tab or device; this one has stopped counting',
  },
  8011: {
    zh: '首次学习不能快进，已回到您学到的位置',
    en: 'You cannot skip ahead the first time; back to where you got to',
  },
  8012: { zh: '该课程未开放评论', en: 'Comments are closed on this course' },
  8013: { zh: '该视频未更新', en: 'This video is not available yet' },
  8201: { zh: '该项目未开放报名', en: 'This project does not take applications' },
  8202: { zh: '项目尚未开始，暂不能报名', en: 'This project has not started; applications open on its start date' },
  8203: { zh: '项目已结束，不能报名', en: 'This project has ended; it no longer takes applications' },
  8204: { zh: '报名人数已满', en: 'This project is full' },
  8205: { zh: '您已报名该项目，请勿重复报名', en: 'You have already applied to this project' },
  8206: { zh: '该报名不在待审核状态', en: 'This application is not pending' },
  8207: { zh: '仅企业管理员可以审核报名', en: 'Only administrators of the organisation can decide applications' },
  8208: { zh: '该报名已审核，不能重复审核', en: 'This application has already been decided' },
  9001: { zh: '订单不存在', en: 'The order does not exist' },
  5401: { zh: '只能删除自己的评论', en: 'You can only delete your own comments' },
  5402: { zh: '该公告未开放评论', en: 'Comments are closed on this announcement' },
  4101: {
    zh: '工作人员已答复该留言，不能再编辑',
    en: 'The staff have replied to this message; it can no longer be edited',
  },
  4201: { zh: '文件正在导出中，请稍后再下载', en: 'The file is still being exported, please download it later' },
  4202: { zh: '文件导出失败，无法下载', en: 'The export failed; there is no file to download' },
};

/** Success codes (platform.md section 7). */
export const SUCCESS_CODES: readonly number[] = [200, 3300];

export function errorText(code: number, lang: Lang, params?: Record<string, string | number>): string {
  const info = errorCodes[code as ErrorCodeValue];
  let text = info ? info[lang] : errorCodes[500][lang];
  if (params) for (const [k, v] of Object.entries(params)) text = text.replaceAll(`{${k}}`, String(v));
  return text;
}
