/**
 * The one error-code registry (DESIGN.md section 3). Every code the gateway can answer with, with
 * its Chinese and English text. `code` in the envelope is authoritative; the HTTP status is 200 for
 * every outcome the API meant to produce, except the ones with `httpStatus` below.
 */
import type { ErrorCodeValue } from './error-codes.ts';

export { ErrorCode, SUCCESS_CODES, type ErrorCodeValue } from './error-codes.ts';

export type Lang = 'zh' | 'en';

export interface ErrorCodeInfo {
  zh: string;
  en: string;
  /** HTTP status to send with the envelope when it is not 200. */
  httpStatus?: number;
}

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
  3403: { zh: '无权限访问管理后台', en: 'You do not have access to the back office' },
  7005: { zh: '准考证暂未开放打印', en: 'The admission ticket cannot be printed yet' },
  7601: { zh: '考试尚未开始', en: 'The exam has not started' },
  7602: { zh: '考试已结束', en: 'The exam has ended' },
  7603: { zh: '切屏次数超过限制，试卷已自动提交', en: 'Screen switch limit exceeded; the paper was submitted' },
  7604: { zh: '考试次数已用完', en: 'No attempts left' },
  7605: { zh: '试卷已提交，不能再作答', en: 'The paper has been submitted; answers can no longer be changed' },
  7606: { zh: '答案不符合题目要求：{reason}', en: 'The answer does not fit the question: {reason}' },
  7607: { zh: '该答卷不在待阅卷状态', en: 'This paper is not waiting for marking' },
  7608: { zh: '评分不正确：{reason}', en: 'The mark is not valid: {reason}' },
  7610: { zh: '考试时间已到，试卷已自动提交', en: 'Exam time is over; the paper was submitted' },
  7611: { zh: '不能批阅自己的答卷', en: 'You cannot mark your own paper' },
  7612: {
    zh: '答案保存序号超出范围：最多比已保存的序号{lastSeq}大{step}',
    en: 'The save sequence is out of range: at most {step} above the saved sequence {lastSeq}',
  },
  7613: {
    zh: '该答卷正由{name}阅卷（至{until}），请先批阅其他答卷',
    en: 'This paper is being marked by {name} (until {until}); mark another one',
  },
  7701: { zh: '未查询到相关证书信息', en: 'No certificate was found' },
  7702: { zh: '证书模板不存在', en: 'The certificate template does not exist' },
  7703: {
    zh: '该证书模板正被{n}个考试、学习任务或项目使用，不能删除',
    en: 'This certificate template is granted by {n} exams, study tasks or projects; it cannot be deleted',
  },
  7704: {
    zh: '已有{n}张证书由该模板颁发，不能删除',
    en: '{n} certificates have been issued from this template; it cannot be deleted',
  },
  7705: {
    zh: '背景图片不可用：请上传JPG或PNG图片，不超过{size}',
    en: "The background can't be used: upload a JPG or PNG picture of at most {size}",
  },
  7706: {
    zh: '印章图片不可用：请上传JPG或PNG图片，不超过{size}',
    en: "The seal picture can't be used: upload a JPG or PNG picture of at most {size}",
  },
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
  8101: { zh: '学习任务不存在或未分配给您', en: 'This study task does not exist or is not assigned to you' },
  8102: { zh: '该限时任务已结束，不能再学习', en: 'This timed task is over; it can no longer be studied' },
  8103: {
    zh: '该学习资源的进度由其本身记录，请打开资源学习',
    en: 'The progress of this item is kept by the resource itself: open it to study',
  },
  8104: { zh: '该学习任务未开放评论', en: 'Comments are closed on this study task' },
  8105: { zh: '该学习任务尚未开始', en: 'This study task has not started yet' },
  8106: {
    zh: '只有学员本人和其带教导师可以查看或确认',
    en: 'Only the coached learner and their mentor can see or confirm this',
  },
  8107: { zh: '该步骤尚未完成，暂不能确认', en: 'This step is not finished yet; it cannot be confirmed' },
  8108: { zh: '学习资源不存在', en: 'This item does not exist' },
  8109: { zh: '该学习任务没有可下载的资料', en: 'This study task has no files to download' },
  8111: { zh: '分配对象不存在', en: 'A person, department or tag to assign to does not exist' },
  8112: { zh: '该学习任务已结束，不能再提醒', en: 'This study task has ended; its learners can no longer be reminded' },
  8113: {
    zh: '已有学员开始学习，任务类型、任务项和考核规则不能再修改',
    en: 'Learners have started this task: its kind, items and pass rule can no longer change',
  },
  8114: {
    zh: '已有{n}名学员开始学习，不能删除，可改为不发布',
    en: '{n} learners have started this task: it cannot be deleted (unpublish it instead)',
  },
  8115: { zh: '任务项不存在或已被删除', en: 'An item of the task does not exist or was deleted' },
  8116: { zh: '证书模板或带教人员不存在', en: 'The certificate template or a mentor does not exist' },
  8117: {
    zh: '该学习任务属于培训项目“{title}”，不能删除或取消发布，请先从项目中移除',
    en: 'This task belongs to the study project "{title}": remove it from the project before deleting or unpublishing it',
  },
  8118: {
    zh: '已有学员开始学习，任务不能改为限时，结束时间也不能早于现在',
    en: 'Learners have started this task: it cannot become timed, nor end before now',
  },
  8119: {
    zh: '该学习任务已被他人修改，请刷新页面后再修改',
    en: 'Someone else has changed this task meanwhile: reload the page and make your change again',
  },
  8120: {
    zh: '带教人员“{name}”的账号已被禁用，请选择其他带教人员',
    en: 'The mentor {name} has a disabled account: choose another mentor',
  },
  8151: { zh: '签到尚未开始，开始日期为{date}', en: 'Check-in has not started yet; it starts on {date}' },
  8152: { zh: '签到已结束', en: 'This check-in has ended' },
  8153: { zh: '今天不是签到日', en: 'Today is not a check-in day' },
  8154: {
    zh: '还未到签到时间，请在{start}~{end}之间签到',
    en: 'It is not time to check in yet; check in between {start} and {end}',
  },
  8155: {
    zh: '今日签到时间已过（{start}~{end}）',
    en: "Today's check-in time is over ({start} to {end})",
  },
  8156: { zh: '今日已签到，请勿重复签到', en: 'You have already checked in today' },
  8157: { zh: '所属任务已结束，不能再签到', en: 'The task has closed; you can no longer check in' },
  8201: { zh: '该项目未开放报名', en: 'This project does not take applications' },
  8202: { zh: '项目尚未开始，暂不能报名', en: 'This project has not started; applications open on its start date' },
  8203: { zh: '项目已结束，不能报名', en: 'This project has ended; it no longer takes applications' },
  8204: { zh: '报名人数已满', en: 'This project is full' },
  8205: { zh: '您已报名该项目，请勿重复报名', en: 'You have already applied to this project' },
  8206: { zh: '该报名不在待审核状态', en: 'This application is not pending' },
  8208: { zh: '该报名已审核，不能重复审核', en: 'This application has already been decided' },
  8209: { zh: '拒绝报名须填写原因', en: 'Give a reason to reject an application' },
  8210: {
    zh: '该培训项目已结束，不能再提醒',
    en: 'This study project has ended; its learners can no longer be reminded',
  },
  8211: {
    zh: '名额不能少于已占用的名额（{n}人）',
    en: 'The seats cannot be fewer than the {n} already taken',
  },
  8212: {
    zh: '学习任务“{title}”已属于其他培训项目',
    en: 'The study task "{title}" already belongs to another project',
  },
  8213: {
    zh: '已有{n}人报名，不能删除，可改为不发布或关闭报名',
    en: '{n} learners have applied: the project cannot be deleted (unpublish it or close enrolment instead)',
  },
  8214: { zh: '学习任务、讲师或证书模板不存在', en: 'A study task, lecturer or certificate template does not exist' },
  8215: {
    zh: '该培训项目已被他人修改，请刷新页面后再修改',
    en: 'Someone else has changed this project meanwhile: reload the page and make your change again',
  },
  9001: { zh: '订单不存在', en: 'The order does not exist' },
  9002: { zh: '该商品不存在或未在售', en: 'These goods do not exist or are not for sale' },
  9003: { zh: '您已拥有该商品，无需重复购买', en: 'You already have this: there is no need to buy it again' },
  9004: { zh: '订单不是待支付状态，不能进行此操作', en: 'The order is not awaiting payment: this cannot be done' },
  9005: { zh: '本站未开通该支付方式', en: 'This site does not take this payment method' },
  9006: { zh: '订单已超时关闭，请重新下单', en: 'The order has timed out and closed: please order again' },
  9007: {
    zh: '支付渠道暂时不可用，请稍后重试或换一种支付方式',
    en: 'The payment channel is unavailable: try again later or pay another way',
  },
  9008: { zh: '支付记录不存在', en: 'The payment does not exist' },
  9009: { zh: '只有银行转账的支付可以上传转账凭证', en: 'Only a bank transfer takes a transfer receipt' },
  9010: {
    zh: '转账凭证须为 JPG、PNG 或 PDF 文件，且不超过 5MB',
    en: 'The receipt must be a JPG, PNG or PDF file of at most 5 MB',
  },
  9011: {
    zh: '转账凭证已提交，等待网站确认，不能取消',
    en: 'The transfer receipt is with the site for confirmation: the order cannot be cancelled',
  },
  9012: { zh: '只有已支付的订单可以退款', en: 'Only a paid order can be refunded' },
  9013: {
    zh: '该支付不是待确认的银行转账或人工确认',
    en: 'This payment is not a bank transfer or manual payment waiting for confirmation',
  },
  9014: {
    zh: '演示支付渠道仅用于演示站点，请选择沙箱或正式环境',
    en: 'The test channel is for demo sites only: choose sandbox or live',
  },
  9015: { zh: '请填写{field}', en: 'Enter {field}' },
  9016: { zh: '支付方式没有字段 {field}', en: 'This payment method has no field {field}' },

  9021: { zh: '本站未开通发票', en: 'This site does not issue invoices' },
  9022: { zh: '订单支付后才能申请发票', en: 'An invoice can be asked for once the order is paid' },
  9023: { zh: '该订单已申请过发票', en: 'An invoice has already been asked for this order' },
  9024: { zh: '请填写发票抬头', en: 'Enter the invoice title' },
  9025: { zh: '请输入正确的统一社会信用代码', en: 'Enter a valid unified social credit code' },
  9026: {
    zh: '增值税专用发票须填写开户银行、银行账号、注册地址和注册电话',
    en: 'A VAT special invoice needs the bank, account number, registered address and phone',
  },
  9027: { zh: '请输入正确的邮箱', en: 'Enter a valid email address' },
  9028: { zh: '发票当前状态不能进行此操作', en: 'The invoice cannot be changed this way in its current state' },
  9029: { zh: '发票尚未开具', en: 'The invoice has not been issued yet' },
  9030: { zh: '本站不开具增值税专用发票', en: 'This site does not issue VAT special invoices' },
  9031: { zh: '选择“不开发票”时无需申请', en: 'With “no invoice” chosen there is nothing to ask for' },
  9041: { zh: '批次不存在，请核对批次号', en: 'No batch package has this number: check it and try again' },
  9042: { zh: '该批次尚未购买，暂不能加入', en: 'This batch package has not been bought yet: it cannot be joined' },
  9043: { zh: '该批次已过期', en: 'This batch package has expired' },
  9044: { zh: '该批次名额已满', en: 'Every seat of this batch package is taken' },
  9045: { zh: '您已加入该批次', en: 'You have already joined this batch package' },
  9046: {
    zh: '该批次已被购买或有待支付订单，不能删除，也不能修改课程和价格',
    en: 'This batch package has been bought or ordered: it cannot be deleted, nor its courses or price changed',
  },
  9047: { zh: '名额不能少于已加入的人数', en: 'The seats cannot be fewer than the people who joined' },
  9048: { zh: '所选课程不存在', en: 'A chosen course does not exist' },
  9049: { zh: '截止日期不能早于今天', en: 'The last day cannot be before today' },
  9050: { zh: '该项目需购买后参加', en: 'This project is joined by buying it' },
  9101: { zh: '部门不存在', en: 'The department does not exist' },
  9102: { zh: '同一级下已有同名部门', en: 'A department with this name already exists at this level' },
  9103: {
    zh: '不能把部门移到它自己或它的下级部门之下',
    en: 'A department cannot be moved under itself or one of its sub-departments',
  },
  9104: { zh: '部门下还有学员，不能删除', en: 'The department still has members and cannot be deleted' },
  9105: { zh: '部门下还有子部门，不能删除', en: 'The department still has sub-departments and cannot be deleted' },
  9121: { zh: '学员不存在', en: 'The learner does not exist' },
  9122: { zh: '工号已被其他学员使用', en: 'This employee number is used by another learner' },
  9131: { zh: '不能停用自己的账号', en: 'You cannot disable your own account' },
  9132: { zh: '不能取消自己的管理员身份', en: 'You cannot remove your own administrator role' },
  9133: {
    zh: '该学员还属于其他企业，临时密码只能通过短信发送',
    en: 'This learner also belongs to other organisations: a temporary password can only be sent by SMS',
  },
  9134: {
    zh: '不能在此重置自己的密码，请在个人中心修改',
    en: 'You cannot reset your own password here; change it in your account settings',
  },
  9141: { zh: '标签不存在', en: 'The tag does not exist' },
  9142: {
    zh: '翻页位置已失效，请从第一页查看',
    en: 'This page position is no longer valid, please start from the first page',
  },
  9251: { zh: '讲师等级不存在', en: 'The lecturer rank does not exist' },
  9252: {
    zh: '该讲师仍是课程或培训项目的讲师，请先为这些课程和项目更换讲师',
    en: 'This lecturer still teaches courses or projects; give them another lecturer first',
  },
  9253: { zh: '讲师照片无效，请重新上传', en: 'The lecturer photo is not usable, please upload it again' },
  9261: { zh: '上级分类不存在', en: 'The parent category does not exist' },
  9262: {
    zh: '不能把分类移动到它自己或它的下级分类下',
    en: 'A category cannot be moved under itself or one of its subcategories',
  },
  9263: { zh: '该分类下还有子分类，不能删除', en: 'This category has subcategories and cannot be deleted' },
  9264: { zh: '该分类下还有课程，不能删除', en: 'Courses are in this category; it cannot be deleted' },
  9265: { zh: '同一级下已有同名分类', en: 'A category with this name already exists at this level' },
  9266: { zh: '分类最多三级', en: 'Categories have at most three levels' },
  9271: { zh: '标签名称已存在', en: 'A tag with this name already exists' },
  9272: {
    zh: '该标签已用于分配学习任务，不能删除',
    en: 'Study tasks are assigned to this tag; it cannot be deleted',
  },
  9151: { zh: '导入记录不存在', en: 'The import does not exist' },
  9152: {
    zh: '请上传 XLSX 格式的文件（可先下载导入模板）',
    en: 'Please upload an XLSX file (download the template first)',
  },
  9153: { zh: '导入文件大小不能超过10MB', en: 'The import file may be at most 10 MB' },
  9154: { zh: '请选择要导入的文件', en: 'Please choose the file to import' },
  9161: { zh: '该注册已审核或不存在', en: 'This registration has already been reviewed or does not exist' },
  9171: { zh: '入驻申请不存在', en: 'The application does not exist' },
  9172: { zh: '该入驻申请已审核，不能重复审核', en: 'This application has already been reviewed' },
  9351: { zh: '专区不存在', en: 'The zone does not exist' },
  9352: { zh: '轮播图不存在', en: 'The banner does not exist' },
  9353: { zh: '友情链接不存在', en: 'The friendly link does not exist' },
  9354: { zh: '导航菜单不存在', en: 'The menu item does not exist' },
  9355: {
    zh: '排序列表与现有条目不一致，请刷新后重试',
    en: 'The new order does not list exactly the current items; reload and try again',
  },
  9356: {
    zh: '链接地址须以 http://、https:// 或 / 开头',
    en: 'A link must start with http://, https:// or /',
  },
  9357: { zh: '专题导航须选择一个专题', en: 'A topic menu needs a topic' },
  9358: { zh: '注册字段不存在：{field}', en: 'Unknown registration field: {field}' },
  9201: { zh: '课程不存在', en: 'The course does not exist' },
  9202: { zh: '章节不存在', en: 'The chapter does not exist' },
  9203: { zh: '课时不存在', en: 'The period does not exist' },
  9204: { zh: '素材不存在', en: 'The material does not exist' },
  9205: {
    zh: '视频课时请选择视频素材，文档课时请选择文档素材',
    en: 'A video period takes a video material, a document period a document',
  },
  9206: { zh: '课程分类不存在', en: 'The course category does not exist' },
  9207: { zh: '讲师不存在', en: 'The lecturer does not exist' },
  9208: { zh: '标签不存在', en: 'The tag does not exist' },
  9209: {
    zh: '已有学员学习该课程，不能删除，请改为下架',
    en: 'Learners have studied this course: it cannot be deleted, unpublish it instead',
  },
  9210: {
    zh: '排序须恰好包含该课程的全部章节或课时，每个一次',
    en: 'The order must list each chapter or period of the course exactly once',
  },
  9211: { zh: '课程还没有课时，不能上架', en: 'The course has no periods yet and cannot be published' },
  9212: { zh: '图文课时的内容不能为空', en: 'An image-text period needs content' },
  9213: {
    zh: '已有学员学习该课时，不能删除',
    en: 'Learners have studied this period: it cannot be deleted',
  },
  9214: { zh: '请选择课时的素材', en: 'Choose the material of the period' },
  9301: {
    zh: '不支持的文件类型：视频支持 mp4、mov、mkv、webm、avi 等，文档支持 pdf、doc(x)、ppt(x)、xls(x)',
    en: 'This file type is not supported: videos may be mp4, mov, mkv, webm, avi…, documents pdf, doc(x), ppt(x), xls(x)',
  },
  9302: { zh: '文件不能超过 2 GB', en: 'The file may not be larger than 2 GB' },
  9303: { zh: '上传不存在或已过期，请重新上传', en: 'This upload does not exist or has expired; please upload again' },
  9304: { zh: '上传须先声明文件大小', en: 'An upload must declare its size first' },
  9305: { zh: '上传失败，请重试', en: 'The upload failed; please try again' },
  5401: { zh: '只能删除自己的评论', en: 'You can only delete your own comments' },
  5402: { zh: '该公告未开放评论', en: 'Comments are closed on this announcement' },
  4101: {
    zh: '工作人员已答复该留言，不能再编辑',
    en: 'The staff have replied to this message; it can no longer be edited',
  },
  4201: { zh: '文件正在导出中，请稍后再下载', en: 'The file is still being exported, please download it later' },
  4202: { zh: '文件导出失败，无法下载', en: 'The export failed; there is no file to download' },
  9401: {
    zh: '该分类下还有新闻，不能删除',
    en: 'This category still holds news; move or delete them first',
  },
  9402: { zh: '新闻分类不存在', en: 'The news category does not exist' },
  9403: { zh: '所选部门不存在', en: 'A chosen department does not exist' },
  9404: { zh: '分类名称已存在', en: 'A category with this name already exists' },
  9501: { zh: '题库名称已存在', en: 'A question bank with this name already exists' },
  9502: {
    zh: '该题库正被{papers}份试卷和{sets}个练习使用，不能删除',
    en: 'This bank is used by {papers} paper(s) and {sets} practice set(s); it cannot be deleted',
  },
  9503: { zh: '题库不存在', en: 'The question bank does not exist' },
  9504: {
    zh: '该试题已被{papers}份试卷选用，请先从试卷中移除',
    en: 'This question is on {papers} paper(s); take it off them first',
  },
  9505: { zh: '试题不存在', en: 'The question does not exist' },
  9506: {
    zh: '随机试卷“{paper}”需从本题库抽取{count}道此类试题，此操作后将不足',
    en: 'The random paper “{paper}” draws {count} such questions from this bank; there would not be enough',
  },
  9507: {
    zh: '导入预览不存在或已过期，请重新上传',
    en: 'This import preview does not exist or has expired; please upload the file again',
  },
  9508: {
    zh: '文件无法读取：请上传导入模板填写的 XLSX 文件，或 UTF-8 编码的文本文件',
    en: 'The file cannot be read: upload an XLSX made from the import template, or a UTF-8 text file',
  },
  9509: {
    zh: '一次最多导入{rows}道试题，文件不超过5MB',
    en: 'One import takes at most {rows} questions, in a file of at most 5 MB',
  },
  9510: { zh: '请选择文件或粘贴试题文本', en: 'Choose a file or paste the questions’ text' },
  9511: {
    zh: '没有读到试题：XLSX 须有“题型”和“题干”两列，文本须按格式说明书写',
    en: 'No questions were found: an XLSX needs the columns Type and Stem, a text must follow the format',
  },
  9512: {
    zh: '没有可导入的试题，请修正标出的行后重新上传',
    en: 'No row can be imported; fix the rows marked and upload again',
  },
  9513: {
    zh: '第{rule}条规则：题库“{bank}”中符合条件的{type}只有{available}道，少于要抽取的{count}道',
    en: 'Rule {rule}: the bank “{bank}” holds {available} such {type} question(s), fewer than the {count} it draws',
  },
  9514: {
    zh: '该试卷正被{tasks}场考试使用，不能删除',
    en: 'This paper is given by {tasks} exam(s); it cannot be deleted',
  },
  9515: {
    zh: '试卷总分{total}分低于考试“{task}”的及格分{pass}分',
    en: 'The paper’s total of {total} is below the pass score {pass} of the exam “{task}”',
  },
  9516: { zh: '试卷不存在', en: 'The paper does not exist' },
  9517: { zh: '所选试题不存在或已被删除', en: 'A chosen question does not exist or has been deleted' },
  9518: {
    zh: '已有{n}人参加该考试，不能删除，可取消发布',
    en: '{n} learner(s) have taken this exam; it cannot be deleted, unpublish it instead',
  },
  9519: { zh: '已有学员参加考试，不能更换试卷', en: 'Learners have taken this exam; its paper cannot be changed' },
  9520: {
    zh: '及格分{pass}分高于试卷总分{total}分',
    en: 'The pass score {pass} is above the paper’s total of {total}',
  },
  9521: { zh: '考试不存在', en: 'The exam does not exist' },
  9522: {
    zh: '所选的学员、部门、标签或证书模板不存在',
    en: 'A chosen person, department, tag or certificate template does not exist',
  },
  9523: { zh: '考试已结束，不能重新开放', en: 'The exam has ended; it cannot be reopened' },
  9524: { zh: '该学员正在作答，交卷后再重新开放', en: 'The learner is answering; reopen it after they submit' },
  9525: { zh: '该学员尚未参加此考试', en: 'The learner has not taken this exam' },
  9526: {
    zh: '统计日期无效：开始日期不能晚于结束日期，且跨度不超过{days}天',
    en: 'The dates are not valid: the start cannot be after the end, and the period is at most {days} days',
  },
  9601: { zh: '请完善人才档案必填项', en: 'Fill in the required fields of the talent record' },
  9602: { zh: '所选选项不存在，请重新选择', en: 'A chosen option does not exist: choose again' },
  9603: { zh: '所选地区不存在，请重新选择', en: 'The chosen region does not exist: choose again' },
  9604: {
    zh: '所选业务领域不存在或重复，请重新选择',
    en: 'A chosen business area does not exist or is chosen twice: choose again',
  },
  9605: { zh: '日期不正确或晚于今天', en: 'A date is not valid or is after today' },
  9606: { zh: '该学员尚未登记人才档案', en: 'This member has no talent record yet' },
  9607: { zh: '请选择要导入的 XLSX 文件', en: 'Choose the XLSX file to import' },
  9608: {
    zh: '文件无法读取：请上传用导入模板或导出文件填写的 XLSX 文件',
    en: 'The file cannot be read: upload an XLSX made from the import template or an export',
  },
  9609: {
    zh: '一次最多导入{rows}行，文件不超过{mb}MB',
    en: 'One import takes at most {rows} rows, in a file of at most {mb} MB',
  },
  9610: {
    zh: '没有读到档案：第一行须为表头且有“手机号”列，其下至少一行数据',
    en: 'No records were found: row 1 must hold the headers, with a Phone column, and at least one row below',
  },
  9611: {
    zh: '文件与预览时的不同，请重新上传预览后再导入',
    en: 'The file is not the one previewed: preview it again before importing',
  },
  9701: { zh: '直播尚未开始', en: 'The live lesson has not started yet' },
  9702: { zh: '直播已结束', en: 'The live lesson has ended' },
  9703: { zh: '该直播暂无回放', en: 'This live lesson has no recording' },
  9704: {
    zh: '直播时间有误：结束时间须晚于开始时间，且时长不超过{hours}小时',
    en: 'The schedule is not valid: the end must be after the start, at most {hours} hours later',
  },
  9705: {
    zh: '直播服务尚未配置，请先在直播设置中填写',
    en: 'The live service is not configured yet: fill it in under live settings first',
  },
  9706: {
    zh: '所选素材不可用：直播频道须为已转码的 HLS 视频，回放须为可播放的视频',
    en: 'The chosen material cannot be used: the channel must be a transcoded HLS video, the recording a playable video',
  },
  9707: {
    zh: '所选课程、章节或讲师不存在',
    en: 'The chosen course, chapter or lecturer does not exist',
  },
  9708: { zh: '直播课时请在直播管理中编辑', en: 'Edit a live lesson under live rooms' },
  9801: {
    zh: '今日提问次数已用完（每天{limit}次），请明天再来',
    en: 'You have asked your {limit} questions for today; ask again tomorrow',
  },
  9802: { zh: '对话不存在或已删除', en: 'The conversation does not exist or has been deleted' },
  9803: { zh: '所选模型未启用，请重新选择', en: 'The chosen model is not enabled: choose another' },
  9804: {
    zh: '大模型服务暂时无法回答，请稍后再试',
    en: 'The language model service could not answer; try again later',
  },
  9805: { zh: '大模型服务响应超时，请稍后再试', en: 'The language model service took too long; try again later' },
  9806: {
    zh: '大模型服务拒绝了访问密钥，请联系管理员检查设置',
    en: 'The language model service refused the key; ask the administrator to check the settings',
  },
  9807: { zh: '大模型服务繁忙，请稍后再试', en: 'The language model service is busy; try again later' },
  9808: { zh: '本平台未开启智能助手', en: 'The study assistant is not open on this site' },
  9809: {
    zh: '本对话已有{max}条消息，请新建对话后继续提问',
    en: 'This conversation holds {max} messages: start a new one to ask more',
  },
  9810: { zh: '模型服务地址不可用：{reason}', en: 'The model service address cannot be used: {reason}' },
  9811: {
    zh: '请先填写模型服务地址，再启用模型',
    en: 'Fill in the model service address before enabling a model',
  },
  9812: { zh: '该模型已添加', en: 'This model has already been added' },
  9813: { zh: '模型不存在', en: 'The model does not exist' },
  9814: {
    zh: '模型服务中没有模型“{model}”，请联系管理员检查设置',
    en: 'The model service has no model “{model}”; ask the administrator to check the settings',
  },
};

export function errorText(code: number, lang: Lang, params?: Record<string, string | number>): string {
  const info = errorCodes[code as ErrorCodeValue];
  let text = info ? info[lang] : errorCodes[500][lang];
  if (params) for (const [k, v] of Object.entries(params)) text = text.replaceAll(`{${k}}`, String(v));
  return text;
}
