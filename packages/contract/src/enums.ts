/**
 * Enumerations (account-area.md section 3, "Enumerations" table and the entity lists). Values are
 * the spec's numbers where it gives them; where it gives none (degree, leadership level,
 * difficulty, task types, status labels, education) options are numbered from 1 in the spec's
 * order. Chinese labels use the product's usual wording; the spec states only the English sense
 * of most of them.
 *
 * The client fetches enumeration options by name and caches them (account-area.md section 3);
 * the gateway answers from this table, so both sides share one source.
 */
import type { EnumOption } from './calls/system.ts';
import type { Lang } from './errors.ts';

// EnumOption ({ value, label (Chinese), labelEn }) is the wire shape declared with the enum-list
// call in calls/system.ts; it is not re-declared here so `export *` of both modules cannot clash.

type Row = readonly [value: number, label: string, labelEn: string];

/**
 * Options are frozen: the table is shared by every request on the server and every component on
 * the client, so an accidental `push` or `sort()` in place throws instead of corrupting it.
 * (Typed as mutable arrays so they can be passed straight to antd's `options` props.)
 */
const options = (rows: readonly Row[]): EnumOption[] =>
  Object.freeze(rows.map(([value, label, labelEn]) => Object.freeze({ value, label, labelEn }))) as EnumOption[];

/** Certificate types: 1 resident ID card plus the "other ID types" 2-7 of the spec. */
const certificateTypeRows: readonly Row[] = [
  [1, '居民身份证', 'Resident ID card'],
  [2, '护照', 'Passport'],
  [3, '军官证', "Military officer's card"],
  [4, '士兵证', "Soldier's card"],
  [5, '港澳居民来往内地通行证', 'Mainland travel permit for Hong Kong and Macao residents'],
  [6, '台湾居民来往大陆通行证', 'Mainland travel permit for Taiwan residents'],
  [7, '其他', 'Other'],
];

/** The 56 ethnic groups in GB/T 3304 order (code = value). */
const nationRows: readonly Row[] = [
  [1, '汉族', 'Han'],
  [2, '蒙古族', 'Mongol'],
  [3, '回族', 'Hui'],
  [4, '藏族', 'Tibetan'],
  [5, '维吾尔族', 'Uyghur'],
  [6, '苗族', 'Miao'],
  [7, '彝族', 'Yi'],
  [8, '壮族', 'Zhuang'],
  [9, '布依族', 'Bouyei'],
  [10, '朝鲜族', 'Korean'],
  [11, '满族', 'Manchu'],
  [12, '侗族', 'Dong'],
  [13, '瑶族', 'Yao'],
  [14, '白族', 'Bai'],
  [15, '土家族', 'Tujia'],
  [16, '哈尼族', 'Hani'],
  [17, '哈萨克族', 'Kazakh'],
  [18, '傣族', 'Dai'],
  [19, '黎族', 'Li'],
  [20, '傈僳族', 'Lisu'],
  [21, '佤族', 'Va'],
  [22, '畲族', 'She'],
  [23, '高山族', 'Gaoshan'],
  [24, '拉祜族', 'Lahu'],
  [25, '水族', 'Sui'],
  [26, '东乡族', 'Dongxiang'],
  [27, '纳西族', 'Naxi'],
  [28, '景颇族', 'Jingpo'],
  [29, '柯尔克孜族', 'Kyrgyz'],
  [30, '土族', 'Tu'],
  [31, '达斡尔族', 'Daur'],
  [32, '仫佬族', 'Mulao'],
  [33, '羌族', 'Qiang'],
  [34, '布朗族', 'Blang'],
  [35, '撒拉族', 'Salar'],
  [36, '毛南族', 'Maonan'],
  [37, '仡佬族', 'Gelao'],
  [38, '锡伯族', 'Xibe'],
  [39, '阿昌族', 'Achang'],
  [40, '普米族', 'Pumi'],
  [41, '塔吉克族', 'Tajik'],
  [42, '怒族', 'Nu'],
  [43, '乌孜别克族', 'Uzbek'],
  [44, '俄罗斯族', 'Russian'],
  [45, '鄂温克族', 'Evenki'],
  [46, '德昂族', "De'ang"],
  [47, '保安族', 'Bonan'],
  [48, '裕固族', 'Yugur'],
  [49, '京族', 'Gin'],
  [50, '塔塔尔族', 'Tatar'],
  [51, '独龙族', 'Derung'],
  [52, '鄂伦春族', 'Oroqen'],
  [53, '赫哲族', 'Hezhen'],
  [54, '门巴族', 'Monba'],
  [55, '珞巴族', 'Lhoba'],
  [56, '基诺族', 'Jino'],
];

/** The question types (account-area.md section 3): the server's marking and the pages' answer forms name them so. */
export const QuestionType = {
  SINGLE: 1,
  MULTIPLE: 2,
  TRUE_FALSE: 3,
  FILL_IN: 4,
  SHORT_ANSWER: 5,
  MATCHING: 6,
  INDEFINITE: 7,
} as const;

export const enumerations = {
  invoiceTitleType: options([
    [1, '个人', 'Personal'],
    [2, '单位', 'Organisation'],
    [3, '不开发票', 'No invoice'],
  ]),
  invoiceKind: options([
    [1, '增值税普通发票', 'VAT ordinary invoice'],
    [2, '增值税专用发票', 'VAT special invoice'],
  ]),
  invoiceStatus: options([
    [1, '未开票', 'Not invoiced'],
    [2, '开票中', 'Invoicing'],
    [3, '已开票', 'Invoiced'],
    [4, '待红冲', 'Pending red reversal'],
    [5, '已红冲', 'Red-reversed'],
    [6, '已作废', 'Voided'],
  ]),
  paymentMethod: options([
    [9, '银行转账', 'Bank transfer'],
    [10, '在线支付', 'Online payment'],
    [11, '支付宝', 'Alipay'],
    [12, '微信', 'WeChat Pay'],
    [13, '云闪付', 'UnionPay QuickPass'],
    [14, '人工确认', 'Manual confirmation'],
  ]),
  invoicingMode: options([
    [1, '开票', 'Invoice'],
    [2, '预开票', 'Pre-invoice'],
  ]),
  questionType: options([
    [1, '单选题', 'Single choice'],
    [2, '多选题', 'Multiple choice'],
    [3, '判断题', 'True/false'],
    [4, '填空题', 'Fill in the blank'],
    [5, '简答题', 'Short answer'],
    [6, '匹配题', 'Matching'],
    [7, '不定项选择题', 'Indefinite choice'],
  ]),
  registrationSource: options([
    [1, '自主注册', 'Self-registered'],
    [2, '管理员导入', 'Imported by administrator'],
    [3, '历史数据', 'Historical data'],
  ]),
  talentType: options([
    [1, '骨干成长', 'Backbone growth'],
    [2, '保险人才', 'Insurance talent'],
    [3, '保险专家', 'Insurance expert'],
  ]),
  resourceType: options([
    [1, '讲师', 'Lecturer'],
    [2, '练习', 'Exercise'],
    [3, '在线课程', 'Online course'],
    [4, '资料库', 'Material library'],
    [5, '学习任务', 'Study task'],
    [7, '考试任务', 'Exam task'],
    [9, '学习项目', 'Study project'],
    [10, '限时任务', 'Timed task'],
    [11, '签到任务', 'Sign-in task'],
    [13, '试卷', 'Exam paper'],
  ]),
  degree: options([
    [1, '无', 'None'],
    [2, '学士', 'Bachelor'],
    [3, '硕士', 'Master'],
    [4, '博士', 'Doctor'],
  ]),
  leadershipLevel: options([
    [1, '处级', 'Division level'],
    [2, '科级', 'Section level'],
  ]),
  /** The spec's "other ID types" (2-7), for fields that exclude the resident ID card. */
  otherIdType: options(certificateTypeRows.filter(([value]) => value !== 1)),
  certificateType: options(certificateTypeRows),
  exportStatus: options([
    [1, '处理中', 'Processing'],
    [2, '已完成', 'Done'],
    [3, '失败', 'Failed'],
  ]),
  difficulty: options([
    [1, '简单', 'Easy'],
    [2, '一般', 'Medium'],
    [3, '较难', 'Harder'],
    [4, '困难', 'Hard'],
  ]),
  taskType: options([
    [1, '学习', 'Learning'],
    [2, '考试', 'Exam'],
    [3, '考核', 'Assessment'],
    [4, '辅导', 'Coaching'],
  ]),
  statusLabel: options([
    [1, '未开始', 'Not started'],
    [2, '学习中', 'Learning'],
    [3, '已完成', 'Completed'],
    [4, '待考试', 'Waiting for exam'],
    [5, '通过', 'Passed'],
    [6, '未通过', 'Failed'],
    [7, '等待批阅', 'Waiting for marking'],
    [8, '缺考', 'Absent'],
    [9, '已逾期', 'Missed'],
  ]),
  gender: options([
    [1, '男', 'Male'],
    [2, '女', 'Female'],
    [3, '保密', 'Secret'],
  ]),
  education: options([
    [1, '小学', 'Primary school'],
    [2, '初中', 'Junior high school'],
    [3, '高中', 'Senior high school'],
    [4, '大专', 'Junior college'],
    [5, '本科', 'Bachelor'],
    [6, '硕士', 'Master'],
    [7, '博士', 'Doctor'],
  ]),
  politicalStatus: options([
    [1, '群众', 'The masses'],
    [2, '共青团员', 'Communist Youth League member'],
    [3, '中共党员', 'Communist Party member'],
    [4, '民主党派', 'Democratic party member'],
  ]),
  talentClassification: options([
    [1, '公务员（含参公人员）', 'Civil servant (including reference-managed staff)'],
    [2, '事业单位在编人员', 'Public institution staff (established post)'],
    [3, '事业单位聘用人员', 'Public institution staff (contract)'],
    [4, '企业人员', 'Enterprise staff'],
  ]),
  postType: options([
    [1, '管理岗', 'Management post'],
    [2, '专业技术岗', 'Professional technical post'],
    [3, '工勤技能岗位', 'Worker skill post'],
  ]),
  nation: options(nationRows),
  // The talent record's post fields (account-area.md section 3 names them, not their values): the
  // civil service's leadership posts and ranks (公务员法, 2019), the public institutions' post
  // levels (管理岗位 1–10, 专业技术 by grade, 工勤技能 1–5 and 普通工) and enterprise levels.
  jobTitle: options([
    [1, '厅局级正职', 'Department level, head'],
    [2, '厅局级副职', 'Department level, deputy'],
    [3, '县处级正职', 'County level, head'],
    [4, '县处级副职', 'County level, deputy'],
    [5, '乡科级正职', 'Section level, head'],
    [6, '乡科级副职', 'Section level, deputy'],
    [7, '无领导职务', 'No leadership post'],
  ]),
  jobRank: options([
    [1, '一级巡视员', 'First-class inspector'],
    [2, '二级巡视员', 'Second-class inspector'],
    [3, '一级调研员', 'First-class researcher'],
    [4, '二级调研员', 'Second-class researcher'],
    [5, '三级调研员', 'Third-class researcher'],
    [6, '四级调研员', 'Fourth-class researcher'],
    [7, '一级主任科员', 'First-class principal staff member'],
    [8, '二级主任科员', 'Second-class principal staff member'],
    [9, '三级主任科员', 'Third-class principal staff member'],
    [10, '四级主任科员', 'Fourth-class principal staff member'],
    [11, '一级科员', 'First-class staff member'],
    [12, '二级科员', 'Second-class staff member'],
  ]),
  postLevel: options([
    [1, '管理岗位一级', 'Management post, level 1'],
    [2, '管理岗位二级', 'Management post, level 2'],
    [3, '管理岗位三级', 'Management post, level 3'],
    [4, '管理岗位四级', 'Management post, level 4'],
    [5, '管理岗位五级', 'Management post, level 5'],
    [6, '管理岗位六级', 'Management post, level 6'],
    [7, '管理岗位七级', 'Management post, level 7'],
    [8, '管理岗位八级', 'Management post, level 8'],
    [9, '管理岗位九级', 'Management post, level 9'],
    [10, '管理岗位十级', 'Management post, level 10'],
  ]),
  professionalRank: options([
    [1, '正高级', 'Senior, full'],
    [2, '副高级', 'Senior, associate'],
    [3, '中级', 'Intermediate'],
    [4, '初级', 'Junior'],
  ]),
  skillLevel: options([
    [1, '一级（高级技师）', 'Level 1 (senior technician)'],
    [2, '二级（技师）', 'Level 2 (technician)'],
    [3, '三级（高级工）', 'Level 3 (senior worker)'],
    [4, '四级（中级工）', 'Level 4 (intermediate worker)'],
    [5, '五级（初级工）', 'Level 5 (junior worker)'],
    [6, '普通工', 'General worker'],
  ]),
  positionHierarchy: options([
    [1, '高层管理人员', 'Senior management'],
    [2, '中层管理人员', 'Middle management'],
    [3, '基层管理人员', 'Junior management'],
    [4, '专业技术人员', 'Professional staff'],
    [5, '一般员工', 'General staff'],
  ]),
} satisfies Record<string, EnumOption[]>;

export type EnumName = keyof typeof enumerations;

export const ENUM_NAMES = Object.keys(enumerations) as EnumName[];

export function isEnumName(name: string): name is EnumName {
  return Object.prototype.hasOwnProperty.call(enumerations, name);
}

/** The option of an enumeration with this value, or undefined. Accepts numeric strings. */
export function findEnumOption(name: EnumName, value: number | string | null | undefined): EnumOption | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const n = typeof value === 'number' ? value : Number(value);
  return enumerations[name].find((option) => option.value === n);
}

/** The label of a value in the given language ('' when the value is not in the enumeration). */
export function enumLabel(name: EnumName, value: number | string | null | undefined, lang: Lang = 'zh'): string {
  const option = findEnumOption(name, value);
  if (!option) return '';
  return lang === 'zh' ? option.label : option.labelEn;
}
