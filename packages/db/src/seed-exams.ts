import { and, eq, sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import * as s from './schema.ts';
import { DEMO_CERTIFICATE_DESIGN } from './seed-certificate.ts';

type Db = NodePgDatabase<typeof s>;
type Question = Omit<typeof s.examQuestions.$inferInsert, 'eid' | 'bankId'>;

const DAY = 86_400_000;
const MINUTE = 60_000;

/**
 * The demo exam content of one site (issue 13, item 7), in its language: a question bank with
 * every type, a certificate template, an exam open now (six objective types, short enough to
 * finish in a test), one with a short answer the demo people submitted and that waits for marking,
 * one finished that they passed (its points in their ledger and its certificate issued), a practice
 * set, on the SFJ site an exam whose admission ticket is not printable yet, and the past exams
 * whose certificates make up the leaderboard's certificate counts (`certificatesOf`): held in the
 * last four weeks and sat by the site's learners, passed by the holders and failed by some others,
 * with marked answers and attempt logs, so that the results and reports (decision 052) have data.
 */
export interface SiteExamSeed {
  eid: number;
  en: boolean;
  /** Also the exam with an admission ticket (the SFJ site). */
  admissionTicket: boolean;
  /** The demo people of the site (account ids). */
  people: number[];
  /** The site's leaderboard learners, with the number of past certificates each holds. */
  certificatesOf: Array<{ accountId: number; count: number }>;
}

/** A picture in a stem, as the back office's editor writes one (rich-text-html.ts): shown by its style. */
const signImage =
  '<img class="rich-image" style="content: url(/demo/question-electric-sign.svg); max-width: 100%; height: auto">';

const ZH = {
  bank: '安全生产知识题库',
  template: {
    title: '安全生产培训合格证书',
    body: '{name}同志于{date}参加“{title}”，成绩{score}分，考核合格，特发此证。',
    issuer: '企业培训中心',
    signature: '培训中心主任',
  },
  open: { title: '安全生产知识测验', intro: '共8题，限时20分钟，60分及格，可考3次。切屏超过3次将自动交卷。' },
  marking: { title: '应急处置能力考核', intro: '含简答题，交卷后由管理员阅卷。' },
  passed: { title: '消防安全知识考试', intro: '已结束的考试。' },
  ticket: {
    title: '年度执法资格考试',
    intro: '本考试需打印准考证，准考证将于考试开始前开放打印。',
  },
  past: (n: number) => `往期岗位能力考试（第${n}期）`,
  practice: { title: '安全生产每日一练', intro: '每次随机8题，答错的题目自动进入错题本。' },
  practiceBank: '安全生产练习题库',
  randomPaper: '安全生产随机组卷',
  practiceQuestions: [
    {
      questionType: 1,
      difficulty: 1,
      stem: '灭火器压力表指针在哪个区域表示压力正常？',
      options: [
        { key: 'A', text: '红色区域' },
        { key: 'B', text: '绿色区域' },
        { key: 'C', text: '黄色区域' },
      ],
      answer: ['B'],
      analysis: '指针在绿色区域表示压力正常，红色区域表示压力不足，黄色区域表示压力过高。',
    },
    {
      questionType: 1,
      difficulty: 2,
      stem: '使用干粉灭火器时，喷嘴应对准火焰的哪个部位？',
      options: [
        { key: 'A', text: '火焰顶部' },
        { key: 'B', text: '火焰中部' },
        { key: 'C', text: '火焰根部' },
      ],
      answer: ['C'],
      analysis: '对准火焰根部喷射，才能覆盖燃烧物。',
    },
    {
      questionType: 2,
      difficulty: 2,
      stem: '进入有限空间作业前，应当做到哪些？',
      options: [
        { key: 'A', text: '先通风' },
        { key: 'B', text: '再检测' },
        { key: 'C', text: '独自进入' },
        { key: 'D', text: '设专人监护' },
      ],
      answer: ['A', 'B', 'D'],
      analysis: '有限空间作业应“先通风、再检测、后作业”，并设专人监护，严禁单人作业。',
    },
    {
      questionType: 3,
      difficulty: 1,
      stem: '发生火灾时可以乘坐电梯疏散。',
      options: [
        { key: 'T', text: '正确' },
        { key: 'F', text: '错误' },
      ],
      answer: ['F'],
      analysis: '火灾时电梯可能断电或进烟，应走安全通道。',
    },
    {
      questionType: 3,
      difficulty: 1,
      stem: '安全出口和疏散通道应当保持畅通，不得堆放物品。',
      options: [
        { key: 'T', text: '正确' },
        { key: 'F', text: '错误' },
      ],
      answer: ['T'],
      analysis: '堵塞安全出口和疏散通道是消防违法行为。',
    },
    {
      questionType: 4,
      difficulty: 2,
      stem: '“三不伤害”是指不伤害自己、____、____。（顺序不限）',
      blanks: [['不伤害他人'], ['不被他人伤害']],
      blanksAnyOrder: true,
      analysis: '“三不伤害”：不伤害自己、不伤害他人、不被他人伤害。',
    },
    {
      questionType: 6,
      difficulty: 2,
      stem: '请将火灾类别与对应的燃烧物配对。',
      items: [
        { key: '1', text: 'A类火灾' },
        { key: '2', text: 'B类火灾' },
      ],
      options: [
        { key: 'A', text: '固体物质，如木材、纸张' },
        { key: 'B', text: '液体物质，如汽油、柴油' },
      ],
      answer: ['A', 'B'],
      analysis: 'A类为固体物质火灾，B类为液体或可熔化固体物质火灾。',
    },
    {
      questionType: 7,
      difficulty: 3,
      stem: '下列哪些属于特种作业？',
      options: [
        { key: 'A', text: '电工作业' },
        { key: 'B', text: '焊接与热切割作业' },
        { key: 'C', text: '文件打印' },
      ],
      answer: ['A', 'B'],
      analysis: '电工、焊接与热切割作业属于特种作业，须持证上岗。',
    },
  ] as Question[],
  shortAnswer: '先切断电源，再用绝缘物挑开电线，然后拨打120并进行急救。',
  questions: [
    {
      questionType: 1,
      difficulty: 1,
      stem: '安全帽的主要作用是什么？',
      options: [
        { key: 'A', text: '装饰美观' },
        { key: 'B', text: '保护头部免受伤害' },
        { key: 'C', text: '防晒保暖' },
        { key: 'D', text: '表明身份' },
      ],
      answer: ['B'],
      analysis: '安全帽用于防止坠落物和碰撞对头部造成伤害。',
    },
    {
      questionType: 2,
      difficulty: 2,
      stem: '以下哪些属于个人防护用品？',
      options: [
        { key: 'A', text: '安全帽' },
        { key: 'B', text: '防护眼镜' },
        { key: 'C', text: '办公椅' },
        { key: 'D', text: '防护手套' },
      ],
      answer: ['A', 'B', 'D'],
      analysis: '办公椅不属于个人防护用品。',
    },
    {
      questionType: 3,
      difficulty: 1,
      stem: '发现火情时，应立即拨打火警电话119。',
      options: [
        { key: 'T', text: '' },
        { key: 'F', text: '' },
      ],
      answer: ['T'],
      analysis: '119是全国统一的火警电话。',
    },
    {
      questionType: 4,
      difficulty: 3,
      stem: '灭火的三种基本方法是隔离法、____和____。',
      blanks: [
        ['窒息法', '窒息'],
        ['冷却法', '冷却'],
      ],
      blanksAnyOrder: true,
      analysis: '灭火的基本方法：隔离法、窒息法、冷却法。',
    },
    {
      questionType: 6,
      difficulty: 2,
      stem: '请将安全色与其含义配对。',
      items: [
        { key: '1', text: '红色' },
        { key: '2', text: '黄色' },
        { key: '3', text: '绿色' },
      ],
      options: [
        { key: 'A', text: '警告、注意' },
        { key: 'B', text: '禁止、停止' },
        { key: 'C', text: '安全、通行' },
      ],
      answer: ['B', 'A', 'C'],
      analysis: '红色表示禁止，黄色表示警告，绿色表示安全。',
    },
    {
      questionType: 7,
      difficulty: 3,
      stem: '下列做法中正确的是？',
      options: [
        { key: 'A', text: '电器着火时先切断电源' },
        { key: 'B', text: '油锅着火时用水扑灭' },
        { key: 'C', text: '疏散时走安全通道，不乘电梯' },
      ],
      answer: ['A', 'C'],
      analysis: '油锅着火不能用水扑灭，应盖上锅盖窒息灭火。',
    },
    {
      questionType: 1,
      difficulty: 2,
      stem: '使用灭火器灭火时，应对准火焰的哪个部位？',
      options: [
        { key: 'A', text: '火焰顶部' },
        { key: 'B', text: '火焰中部' },
        { key: 'C', text: '火焰根部' },
      ],
      answer: ['C'],
      analysis: '对准火焰根部喷射才能有效灭火。',
    },
    {
      questionType: 3,
      difficulty: 2,
      stem: '在有限空间作业前，无需进行气体检测。',
      options: [
        { key: 'T', text: '' },
        { key: 'F', text: '' },
      ],
      answer: ['F'],
      analysis: '有限空间作业必须“先通风、再检测、后作业”。',
    },
    {
      questionType: 5,
      difficulty: 4,
      stem: '请简述发生触电事故时的现场处置步骤。',
      referenceAnswer:
        '立即切断电源；用干燥的木棍等绝缘物使触电者脱离电源；检查呼吸心跳，必要时进行心肺复苏；拨打120。',
      analysis: '切断电源、脱离电源、现场急救、及时送医。',
    },
    {
      questionType: 2,
      difficulty: 3,
      stem: '以下哪些情况必须立即停止作业？',
      options: [
        { key: 'A', text: '发现重大事故隐患' },
        { key: 'B', text: '防护设施失效' },
        { key: 'C', text: '午休时间到了' },
      ],
      answer: ['A', 'B'],
      analysis: '发现直接危及人身安全的紧急情况时，应停止作业或撤离。',
    },
    {
      // A stem in rich text with a picture (decision 054): the picture ships with the web app.
      questionType: 1,
      difficulty: 1,
      stem: `<p>下图是作业现场常见的安全标志，它表示<strong>什么</strong>？</p>${signImage}<ul><li>提示：注意标志的<strong>形状</strong>和<strong>颜色</strong>。</li></ul>`,
      options: [
        { key: 'A', text: '禁止吸烟' },
        { key: 'B', text: '当心触电' },
        { key: 'C', text: '必须戴安全帽' },
        { key: 'D', text: '紧急出口' },
      ],
      answer: ['B'],
      analysis: '黄色三角形是警告标志，闪电符号表示当心触电。',
    },
  ] as Question[],
};

const EN: typeof ZH = {
  bank: 'Workplace safety question bank',
  template: {
    title: 'Certificate of Safety Training',
    body: 'This certifies that {name} took "{title}" on {date}, scored {score} and passed.',
    issuer: 'Corporate Training Centre',
    signature: 'Head of the Training Centre',
  },
  open: {
    title: 'Workplace safety quiz',
    intro: '8 questions, 20 minutes, pass at 60, 3 attempts. Leaving the page more than 3 times submits the paper.',
  },
  marking: { title: 'Emergency response assessment', intro: 'Has a short answer, marked by an administrator.' },
  passed: { title: 'Fire safety exam', intro: 'A finished exam.' },
  ticket: {
    title: 'Annual qualification exam',
    intro: 'Print your admission ticket before the exam; printing opens before the exam starts.',
  },
  past: (n: number) => `Past proficiency exam (round ${n})`,
  practice: {
    title: 'Daily safety practice',
    intro: '8 random questions each time; wrong answers go to your error book.',
  },
  practiceBank: 'Safety practice question bank',
  randomPaper: 'Safety paper drawn at random',
  practiceQuestions: [
    {
      questionType: 1,
      difficulty: 1,
      stem: "Where does the needle of an extinguisher's pressure gauge point when the pressure is right?",
      options: [
        { key: 'A', text: 'The red zone' },
        { key: 'B', text: 'The green zone' },
        { key: 'C', text: 'The yellow zone' },
      ],
      answer: ['B'],
      analysis: 'Green is the right pressure; red is too low, yellow too high.',
    },
    {
      questionType: 1,
      difficulty: 2,
      stem: 'Where do you aim a dry powder extinguisher?',
      options: [
        { key: 'A', text: 'At the top of the flames' },
        { key: 'B', text: 'At the middle of the flames' },
        { key: 'C', text: 'At the base of the fire' },
      ],
      answer: ['C'],
      analysis: 'Aim at the base, where the fuel burns.',
    },
    {
      questionType: 2,
      difficulty: 2,
      stem: 'Before entering a confined space, which of these must you do?',
      options: [
        { key: 'A', text: 'Ventilate it' },
        { key: 'B', text: 'Test the air' },
        { key: 'C', text: 'Go in alone' },
        { key: 'D', text: 'Have someone watch from outside' },
      ],
      answer: ['A', 'B', 'D'],
      analysis: 'Ventilate, test, then work, with a watcher outside; never alone.',
    },
    {
      questionType: 3,
      difficulty: 1,
      stem: 'In a fire, you may use the lift to get out.',
      options: [
        { key: 'T', text: 'True' },
        { key: 'F', text: 'False' },
      ],
      answer: ['F'],
      analysis: 'Lifts may fail or fill with smoke; use the stairs.',
    },
    {
      questionType: 3,
      difficulty: 1,
      stem: 'Fire exits and escape routes must be kept clear at all times.',
      options: [
        { key: 'T', text: 'True' },
        { key: 'F', text: 'False' },
      ],
      answer: ['T'],
      analysis: 'A blocked exit can cost lives and breaks fire regulations.',
    },
    {
      questionType: 4,
      difficulty: 2,
      stem: 'The "three no harms": do not harm yourself, ____, ____. (any order)',
      blanks: [
        ['do not harm others', 'not harm others'],
        ['do not be harmed by others', 'not be harmed by others'],
      ],
      blanksAnyOrder: true,
      analysis: 'Do not harm yourself, do not harm others, do not be harmed by others.',
    },
    {
      questionType: 6,
      difficulty: 2,
      stem: 'Match each class of fire with what burns.',
      items: [
        { key: '1', text: 'Class A' },
        { key: '2', text: 'Class B' },
      ],
      options: [
        { key: 'A', text: 'Solids such as wood and paper' },
        { key: 'B', text: 'Liquids such as petrol and diesel' },
      ],
      answer: ['A', 'B'],
      analysis: 'Class A fires burn solids; class B fires burn flammable liquids.',
    },
    {
      questionType: 7,
      difficulty: 3,
      stem: 'Which of these are special operations that need a licence?',
      options: [
        { key: 'A', text: 'Electrical work' },
        { key: 'B', text: 'Welding and hot cutting' },
        { key: 'C', text: 'Printing documents' },
      ],
      answer: ['A', 'B'],
      analysis: 'Electrical work and welding need a licence.',
    },
  ] as Question[],
  shortAnswer: 'Cut the power, move the person away with something dry and insulating, call an ambulance, start CPR.',
  questions: [
    {
      questionType: 1,
      difficulty: 1,
      stem: 'What is a safety helmet mainly for?',
      options: [
        { key: 'A', text: 'Looking smart' },
        { key: 'B', text: 'Protecting the head' },
        { key: 'C', text: 'Keeping warm' },
        { key: 'D', text: 'Showing your role' },
      ],
      answer: ['B'],
      analysis: 'A helmet protects the head from falling objects and knocks.',
    },
    {
      questionType: 2,
      difficulty: 2,
      stem: 'Which of these are personal protective equipment?',
      options: [
        { key: 'A', text: 'Safety helmet' },
        { key: 'B', text: 'Safety goggles' },
        { key: 'C', text: 'Office chair' },
        { key: 'D', text: 'Protective gloves' },
      ],
      answer: ['A', 'B', 'D'],
      analysis: 'An office chair is not protective equipment.',
    },
    {
      questionType: 3,
      difficulty: 1,
      stem: 'When you discover a fire, raise the alarm and call the emergency number at once.',
      options: [
        { key: 'T', text: '' },
        { key: 'F', text: '' },
      ],
      answer: ['T'],
      analysis: 'Raise the alarm first.',
    },
    {
      questionType: 4,
      difficulty: 3,
      stem: 'The three basic ways to put out a fire are starving, ____ and ____.',
      blanks: [
        ['smothering', 'smother'],
        ['cooling', 'cool'],
      ],
      blanksAnyOrder: true,
      analysis: 'Starving, smothering and cooling.',
    },
    {
      questionType: 6,
      difficulty: 2,
      stem: 'Match each safety colour with its meaning.',
      items: [
        { key: '1', text: 'Red' },
        { key: '2', text: 'Yellow' },
        { key: '3', text: 'Green' },
      ],
      options: [
        { key: 'A', text: 'Warning' },
        { key: 'B', text: 'Prohibition' },
        { key: 'C', text: 'Safe condition' },
      ],
      answer: ['B', 'A', 'C'],
      analysis: 'Red prohibits, yellow warns, green means safe.',
    },
    {
      questionType: 7,
      difficulty: 3,
      stem: 'Which of these are right?',
      options: [
        { key: 'A', text: 'Cut the power before fighting an electrical fire' },
        { key: 'B', text: 'Pour water on a burning pan of oil' },
        { key: 'C', text: 'Use the stairs, not the lift, when evacuating' },
      ],
      answer: ['A', 'C'],
      analysis: 'Never pour water on burning oil: cover the pan.',
    },
    {
      questionType: 1,
      difficulty: 2,
      stem: 'Where do you aim a fire extinguisher?',
      options: [
        { key: 'A', text: 'At the top of the flames' },
        { key: 'B', text: 'At the middle of the flames' },
        { key: 'C', text: 'At the base of the fire' },
      ],
      answer: ['C'],
      analysis: 'Aim at the base of the fire.',
    },
    {
      questionType: 3,
      difficulty: 2,
      stem: 'The air in a confined space need not be tested before work starts.',
      options: [
        { key: 'T', text: '' },
        { key: 'F', text: '' },
      ],
      answer: ['F'],
      analysis: 'Ventilate, test, then work.',
    },
    {
      questionType: 5,
      difficulty: 4,
      stem: 'Describe what to do when someone gets an electric shock.',
      referenceAnswer:
        'Cut the power; free the person with something dry and insulating; check breathing, start CPR if needed; call an ambulance.',
      analysis: 'Power off, free the person, first aid, ambulance.',
    },
    {
      questionType: 2,
      difficulty: 3,
      stem: 'When must work stop at once?',
      options: [
        { key: 'A', text: 'A serious hazard is found' },
        { key: 'B', text: 'A safety guard has failed' },
        { key: 'C', text: 'It is lunch time' },
      ],
      answer: ['A', 'B'],
      analysis: 'Stop when people are in immediate danger.',
    },
    {
      questionType: 1,
      difficulty: 1,
      stem: `<p>This sign is often seen at work. What does it <strong>mean</strong>?</p>${signImage}<ul><li>Hint: look at its <strong>shape</strong> and <strong>colour</strong>.</li></ul>`,
      options: [
        { key: 'A', text: 'No smoking' },
        { key: 'B', text: 'Danger: electricity' },
        { key: 'C', text: 'Wear a safety helmet' },
        { key: 'D', text: 'Emergency exit' },
      ],
      answer: ['B'],
      analysis: 'A yellow triangle warns; the lightning bolt means danger from electricity.',
    },
  ],
};

/** The snapshot an attempt keeps of its questions. */
function snapshot(questions: Array<typeof s.examQuestions.$inferSelect>): s.AttemptQuestion[] {
  return questions.map((q) => ({
    questionId: q.id,
    questionType: q.questionType,
    difficulty: q.difficulty,
    stem: q.stem,
    options: q.options,
    items: q.items,
    answer: q.answer,
    blanks: q.blanks,
    blanksAnyOrder: q.blanksAnyOrder,
    referenceAnswer: q.referenceAnswer,
    analysis: q.analysis,
    scoreTenths: q.scoreTenths,
  }));
}

/** The right answer of an objective question, as a taker would send it. */
function rightAnswer(q: s.AttemptQuestion): string[] {
  return q.questionType === 4 ? q.blanks.map((b) => b[0]!) : q.answer;
}

/** The title of a demo site's open exam (certificated, 20 minutes, three attempts); the study tasks take its paper. */
export function demoOpenExamTitle(en: boolean): string {
  return (en ? EN : ZH).open.title;
}

/** The demo questions' tags (the back office's list filters by them): their topic, by the words of the stem. */
const TOPICS: Array<{ words: RegExp; zh: string; en: string }> = [
  { words: /火|灭火|extinguisher|fire/i, zh: '消防安全', en: 'Fire safety' },
  { words: /有限空间|confined/i, zh: '有限空间作业', en: 'Confined spaces' },
  { words: /防护|安全帽|helmet|protective/i, zh: '个人防护', en: 'PPE' },
  { words: /触电|electric/i, zh: '用电安全', en: 'Electrical safety' },
];
function tagsOf(stem: string, en: boolean): string[] {
  const found = TOPICS.filter((t) => t.words.test(stem)).map((t) => (en ? t.en : t.zh));
  return found.length ? found : [en ? 'Workplace safety' : '安全生产'];
}

export async function seedSiteExams(db: Db, site: SiteExamSeed): Promise<void> {
  const { eid } = site;
  const text = site.en ? EN : ZH;
  const now = Date.now();
  const [bank] = await db.insert(s.questionBanks).values({ eid, title: text.bank }).returning();
  const questions = await db
    .insert(s.examQuestions)
    .values(
      text.questions.map((q) => ({ eid, bankId: bank!.id, scoreTenths: 125, tags: tagsOf(q.stem, site.en), ...q })),
    )
    .returning();
  const objective = questions.filter((q) => q.questionType !== 5).slice(0, 8);
  const shortAnswer = questions.find((q) => q.questionType === 5)!;
  const [template] = await db
    .insert(s.certificateTemplates)
    .values({ eid, ...text.template, validMonths: 36, ...DEMO_CERTIFICATE_DESIGN })
    .returning();

  /** A fixed paper of these questions, scored so that they make 100. */
  const paperOf = async (title: string, list: typeof questions) => {
    const each = Math.floor(1000 / list.length);
    const [paper] = await db.insert(s.examPapers).values({ eid, title, shuffleOptions: false }).returning();
    await db.insert(s.examPaperQuestions).values(
      list.map((q, i) => ({
        eid,
        paperId: paper!.id,
        questionId: q.id,
        sort: i,
        // The last question takes what the division leaves: the paper is worth exactly 100.
        scoreTenths: i === list.length - 1 ? 1000 - each * (list.length - 1) : each,
      })),
    );
    const scored = list.map((q, i) => ({
      ...q,
      scoreTenths: i === list.length - 1 ? 1000 - each * (list.length - 1) : each,
    }));
    return { paper: paper!, questions: scored };
  };

  // Open now: the six objective types, short enough to finish in a test, with a certificate.
  const open = await paperOf(text.open.title, objective);
  await db.insert(s.examTasks).values({
    eid,
    title: text.open.title,
    intro: text.open.intro,
    paperId: open.paper.id,
    startsAt: new Date(now - DAY),
    endsAt: new Date(now + 365 * DAY),
    durationMinutes: 20,
    attemptsAllowed: 3,
    passScoreTenths: 600,
    screenSwitchLimit: 3,
    showAnswers: true,
    partialMultiple: true,
    certificateTemplateId: template!.id,
    points: 10,
  });

  // A random paper (decision 047): two of each objective type the bank holds, 10 points each.
  const rules: s.PaperRule[] = [1, 2, 3, 4]
    .map((questionType) => ({
      bankId: bank!.id,
      questionType,
      difficulty: null,
      count: Math.min(2, questions.filter((q) => q.questionType === questionType).length),
      scoreTenths: 100,
    }))
    .filter((r) => r.count > 0);
  await db.insert(s.examPapers).values({ eid, title: text.randomPaper, mode: 2, rules, shuffleOptions: true });

  // With a short answer: the demo people submitted it; it waits for marking.
  const markingList = [objective[0]!, objective[2]!, shortAnswer];
  const marking = await paperOf(text.marking.title, markingList);
  const [markingTask] = await db
    .insert(s.examTasks)
    .values({
      eid,
      title: text.marking.title,
      intro: text.marking.intro,
      paperId: marking.paper.id,
      startsAt: new Date(now - 3 * DAY),
      endsAt: new Date(now + 30 * DAY),
      durationMinutes: 15,
      attemptsAllowed: 1,
      passScoreTenths: 600,
      points: 10,
    })
    .returning();

  // Finished: the demo people passed it, earned its points and its certificate.
  const passed = await paperOf(text.passed.title, objective.slice(0, 5));
  const [passedTask] = await db
    .insert(s.examTasks)
    .values({
      eid,
      title: text.passed.title,
      intro: text.passed.intro,
      paperId: passed.paper.id,
      startsAt: new Date(now - 20 * DAY),
      endsAt: new Date(now - 10 * DAY),
      durationMinutes: 30,
      attemptsAllowed: 1,
      passScoreTenths: 600,
      certificateTemplateId: template!.id,
      points: 20,
    })
    .returning();

  if (site.admissionTicket) {
    const ticket = await paperOf(text.ticket.title, objective.slice(0, 4));
    await db.insert(s.examTasks).values({
      eid,
      title: text.ticket.title,
      intro: text.ticket.intro,
      paperId: ticket.paper.id,
      startsAt: new Date(now + 5 * DAY),
      endsAt: new Date(now + 6 * DAY),
      durationMinutes: 60,
      attemptsAllowed: 1,
      passScoreTenths: 600,
      admissionTicket: true,
      admissionPrintAt: new Date(now + 3 * DAY),
    });
  }

  // The practice set has a bank of its own (decision 032): practising never shows the keys of the
  // exams' bank, whose questions are held back while an exam that draws them is open to a learner.
  const [practiceBank] = await db.insert(s.questionBanks).values({ eid, title: text.practiceBank }).returning();
  await db.insert(s.examQuestions).values(
    text.practiceQuestions.map((q) => ({
      eid,
      bankId: practiceBank!.id,
      scoreTenths: 125,
      tags: tagsOf(q.stem, site.en),
      ...q,
    })),
  );
  await db.insert(s.practiceSets).values({
    eid,
    title: text.practice.title,
    intro: text.practice.intro,
    bankId: practiceBank!.id,
    questionCount: 8,
  });

  for (const accountId of site.people) {
    // The short-answer exam, submitted and waiting for marking: the objective part marked.
    const markingPaper = snapshot(marking.questions);
    const submittedAt = new Date(now - DAY);
    const [waiting] = await db
      .insert(s.examAttempts)
      .values({
        eid,
        taskId: markingTask!.id,
        accountId,
        attemptNo: 1,
        paper: markingPaper,
        totalScoreTenths: 1000,
        passScoreTenths: 600,
        startedAt: new Date(submittedAt.getTime() - 9 * MINUTE),
        deadlineAt: new Date(submittedAt.getTime() + 6 * MINUTE),
        submittedAt,
        submitReason: 1,
        status: 2,
        objectiveScoreTenths: markingPaper[0]!.scoreTenths + markingPaper[1]!.scoreTenths,
        lastSeq: 3,
      })
      .returning();
    await db.insert(s.examAnswers).values(
      markingPaper.map((q, i) => ({
        eid,
        attemptId: waiting!.id,
        questionId: q.questionId,
        answer: q.questionType === 5 ? [text.shortAnswer] : rightAnswer(q),
        seq: i + 1,
        savedAt: new Date(submittedAt.getTime() - (3 - i) * MINUTE),
        result: q.questionType === 5 ? null : 1,
        scoreTenths: q.questionType === 5 ? null : q.scoreTenths,
      })),
    );
    await db.insert(s.examTaskRecords).values({
      eid,
      taskId: markingTask!.id,
      accountId,
      attemptsUsed: 1,
      waitingForMarking: true,
      firstStartedAt: waiting!.startedAt,
      lastSubmittedAt: submittedAt,
    });
    await logAttempt(db, eid, waiting!.id, accountId, waiting!.startedAt, submittedAt, 6);

    // The finished exam, passed with 4 of 5 right: 80 points.
    const passedPaper = snapshot(passed.questions);
    const passedAt = new Date(now - 12 * DAY);
    const score = passedPaper.slice(0, 4).reduce((sum, q) => sum + q.scoreTenths, 0);
    const [done] = await db
      .insert(s.examAttempts)
      .values({
        eid,
        taskId: passedTask!.id,
        accountId,
        attemptNo: 1,
        paper: passedPaper,
        totalScoreTenths: 1000,
        passScoreTenths: 600,
        startedAt: new Date(passedAt.getTime() - 14 * MINUTE),
        deadlineAt: new Date(passedAt.getTime() + 16 * MINUTE),
        submittedAt: passedAt,
        submitReason: 1,
        status: 3,
        objectiveScoreTenths: score,
        scoreTenths: score,
        passed: true,
        markedAt: passedAt,
        lastSeq: passedPaper.length,
      })
      .returning();
    await db.insert(s.examAnswers).values(
      passedPaper.map((q, i) => {
        const right = i < 4;
        return {
          eid,
          attemptId: done!.id,
          questionId: q.questionId,
          answer: right ? rightAnswer(q) : q.questionType === 4 ? ['', ''] : ['A'],
          seq: i + 1,
          savedAt: new Date(passedAt.getTime() - (passedPaper.length - i) * MINUTE),
          result: right ? 1 : 0,
          scoreTenths: right ? q.scoreTenths : 0,
        };
      }),
    );
    await db.insert(s.examTaskRecords).values({
      eid,
      taskId: passedTask!.id,
      accountId,
      attemptsUsed: 1,
      bestScoreTenths: score,
      passed: true,
      passedAt,
      firstStartedAt: done!.startedAt,
      lastSubmittedAt: passedAt,
    });
    await logAttempt(db, eid, done!.id, accountId, done!.startedAt, passedAt, 6);
    const wrong = passedPaper[4]!;
    await db
      .insert(s.errorBook)
      .values({
        eid,
        accountId,
        questionId: wrong.questionId,
        sourceType: 7,
        lastAnswer: ['A'],
        firstWrongAt: passedAt,
        lastWrongAt: passedAt,
      })
      .onConflictDoNothing();
    await db.insert(s.earnings).values({
      eid,
      accountId,
      sourceType: 7,
      sourceId: passedTask!.id,
      title: text.passed.title,
      points: 20,
      creditTenths: 0,
      createdAt: passedAt,
    });
    await issue(db, eid, accountId, template!.id, passedTask!.id, text.passed.title, score, passedAt, 20);
  }

  // Past exams (issue 22 item 7): rounds held in the last four weeks, so that the reports' default
  // period (the last 30 days) shows them, on one paper of the objective questions, with the
  // results, answers and attempt logs the exam module writes. Each learner holds the certificates
  // of the first `count` rounds (the leaderboard counts them): they passed those, the certificate
  // being that attempt's (marked at submit, no points); of the rounds after, the site's learners
  // sat some and failed them (no certificate). The demo people answered every question right, so
  // their error book stays the one the demo shows; the others' wrong answers are in theirs.
  const most = Math.max(0, ...site.certificatesOf.map((c) => c.count));
  if (most > 0) {
    const past = await paperOf(text.past(0), objective);
    const paper = snapshot(past.questions);
    const totalTenths = paper.reduce((sum, q) => sum + q.scoreTenths, 0);
    const passTenths = 600;
    const rounds = Array.from({ length: most }, (_, k) => k + 1);
    // Round `most` two days ago, round 1 at most 26 days ago, a day each.
    const heldAt = (n: number) =>
      new Date(now - (2 + Math.floor(((most - n) * 24) / Math.max(1, most - 1))) * DAY - 10 * 60 * MINUTE);
    const pastTasks = await db
      .insert(s.examTasks)
      .values(
        rounds.map((n) => ({
          eid,
          title: text.past(n),
          paperId: past.paper.id,
          startsAt: heldAt(n),
          endsAt: new Date(heldAt(n).getTime() + DAY),
          durationMinutes: 60,
          passScoreTenths: passTenths,
          certificateTemplateId: template!.id,
          published: false,
        })),
      )
      .returning();
    const roundTask = (n: number) => pastTasks.find((x) => x.title === text.past(n))!;
    // The questions most often wrong first: the harder ones, then the paper's order.
    const hardest = paper
      .map((q, i) => ({ i, difficulty: q.difficulty }))
      .sort((x, y) => y.difficulty - x.difficulty || x.i - y.i)
      .map((x) => x.i);

    const sittings: PastSitting[] = [];
    site.certificatesOf.forEach(({ accountId, count }, who) => {
      const demoPerson = site.people.includes(accountId);
      for (const n of rounds) {
        const holds = n <= count;
        // The demo people sat only the rounds they passed; the others skipped one round in three.
        if (!holds && (demoPerson || (who + n) % 3 === 0)) continue;
        const task = roundTask(n);
        // Wrong: none to three of a pass (the paper's 100 less 12.5 each), four to six of a fail.
        let wrongCount = demoPerson ? 0 : holds ? (who + n) % 4 : 4 + ((who + n) % 3);
        const answers = (wrong: Set<number>) =>
          paper.map((q, i) => {
            if (!wrong.has(i)) return { answer: rightAnswer(q), right: true };
            // One wrong question in two of a failed attempt was left unanswered.
            if (!holds && i === [...wrong][0] && (who + n) % 2 === 0) return { answer: [], right: false };
            return { answer: wrongAnswer(q), right: false };
          });
        const wrongOf = (k: number) => new Set(rotate(hardest, who % 3).slice(0, k));
        const scoreOf = (list: ReturnType<typeof answers>) =>
          list.reduce((sum, a, i) => sum + (a.right ? paper[i]!.scoreTenths : 0), 0);
        // A holder passed whatever the paper's size: fewer wrong until the score passes.
        while (holds && wrongCount > 0 && scoreOf(answers(wrongOf(wrongCount))) < passTenths) wrongCount--;
        const given = answers(wrongOf(wrongCount));
        const scoreTenths = scoreOf(given);
        const submittedAt = new Date(task.startsAt.getTime() + (90 + ((who * 37 + n * 11) % 420)) * MINUTE);
        const startedAt = new Date(submittedAt.getTime() - (12 + ((who * 5 + n) % 15)) * MINUTE);
        sittings.push({
          task,
          accountId,
          given,
          scoreTenths,
          passed: scoreTenths >= passTenths,
          startedAt,
          submittedAt,
          left: (who + n) % 5 === 0,
          demoPerson,
        });
      }
    });

    const attempts = await db
      .insert(s.examAttempts)
      .values(
        sittings.map((x) => ({
          eid,
          taskId: x.task.id,
          accountId: x.accountId,
          attemptNo: 1,
          paper,
          totalScoreTenths: totalTenths,
          passScoreTenths: passTenths,
          startedAt: x.startedAt,
          deadlineAt: new Date(Math.min(x.startedAt.getTime() + 60 * MINUTE, x.task.endsAt.getTime())),
          submittedAt: x.submittedAt,
          submitReason: 1,
          status: 3,
          objectiveScoreTenths: x.scoreTenths,
          scoreTenths: x.scoreTenths,
          passed: x.passed,
          markedAt: x.submittedAt,
          lastSeq: x.given.filter((a) => a.answer.length > 0).length,
        })),
      )
      .returning({ id: s.examAttempts.id, taskId: s.examAttempts.taskId, accountId: s.examAttempts.accountId });
    const attemptOf = (x: PastSitting) =>
      attempts.find((a) => a.taskId === x.task.id && a.accountId === x.accountId)!.id;

    const answerRows: Array<typeof s.examAnswers.$inferInsert> = [];
    const events: Array<typeof s.examAttemptEvents.$inferInsert> = [];
    for (const x of sittings) {
      const attemptId = attemptOf(x);
      const log = (kind: number, at: Date, detail: Record<string, unknown> = {}, questionId: number | null = null) =>
        events.push({ eid, attemptId, accountId: x.accountId, kind, questionId, detail, at, clientAt: at });
      log(1, x.startedAt, { attemptNo: 1, questions: paper.length });
      log(2, x.startedAt);
      const span = x.submittedAt.getTime() - x.startedAt.getTime() - 2 * MINUTE;
      let seq = 0;
      x.given.forEach((a, i) => {
        const q = paper[i]!;
        const savedAt = new Date(x.startedAt.getTime() + MINUTE + Math.round((span * (i + 1)) / paper.length));
        const answered = a.answer.length > 0;
        if (answered) seq++;
        answerRows.push({
          eid,
          attemptId,
          questionId: q.questionId,
          answer: a.answer,
          seq: answered ? seq : 0,
          savedAt: answered ? savedAt : x.submittedAt,
          clientSavedAt: answered ? savedAt : null,
          result: a.right ? 1 : 0,
          scoreTenths: a.right ? q.scoreTenths : 0,
        });
        if (answered) log(3, savedAt, { seq, answer: a.answer, flagged: false }, q.questionId);
        // Some left the page for a moment half way, within the grace: logged, not counted.
        if (x.left && i === Math.floor(paper.length / 2)) {
          log(4, new Date(savedAt.getTime() + 5_000), { count: 0 });
          log(5, new Date(savedAt.getTime() + 17_000), { count: 0, awaySeconds: 12, counted: false });
        }
      });
      log(6, x.submittedAt, { reason: 1, status: 3, objectiveScore: x.scoreTenths / 10, answered: seq });
    }
    await db.insert(s.examAnswers).values(answerRows);
    await db.insert(s.examAttemptEvents).values(events);
    await db.insert(s.examTaskRecords).values(
      sittings.map((x) => ({
        eid,
        taskId: x.task.id,
        accountId: x.accountId,
        attemptsUsed: 1,
        bestScoreTenths: x.scoreTenths,
        passed: x.passed,
        passedAt: x.passed ? x.submittedAt : null,
        firstStartedAt: x.startedAt,
        lastSubmittedAt: x.submittedAt,
      })),
    );

    // The error book as the submits left it (recordErrorBook, the default clear streak of 2).
    const book = new Map<string, typeof s.errorBook.$inferInsert & { rightStreak: number; wrongCount: number }>();
    const byTime = sittings.filter((x) => !x.demoPerson).sort((a, b) => +a.submittedAt - +b.submittedAt);
    for (const x of byTime) {
      x.given.forEach((a, i) => {
        const questionId = paper[i]!.questionId;
        const key = `${x.accountId}:${questionId}`;
        const entry = book.get(key);
        if (!a.right) {
          book.set(key, {
            eid,
            accountId: x.accountId,
            questionId,
            sourceType: 7,
            wrongCount: (entry?.wrongCount ?? 0) + 1,
            rightStreak: 0,
            lastAnswer: a.answer,
            firstWrongAt: entry?.firstWrongAt ?? x.submittedAt,
            lastWrongAt: x.submittedAt,
            clearedAt: null,
          });
        } else if (entry && !entry.clearedAt) {
          entry.rightStreak++;
          if (entry.rightStreak >= 2) entry.clearedAt = x.submittedAt;
        }
      });
    }
    if (book.size)
      await db
        .insert(s.errorBook)
        .values([...book.values()])
        .onConflictDoNothing();

    for (const x of sittings.filter((y) => y.passed)) {
      await issue(db, eid, x.accountId, template!.id, x.task.id, x.task.title, x.scoreTenths, x.submittedAt, 0);
    }
  }
}

/** One learner's attempt at a past exam round, as seeded. */
interface PastSitting {
  task: typeof s.examTasks.$inferSelect;
  accountId: number;
  /** Per question of the paper, in its order: the answer given and whether it is right. */
  given: Array<{ answer: string[]; right: boolean }>;
  scoreTenths: number;
  passed: boolean;
  startedAt: Date;
  submittedAt: Date;
  /** Left the page for a moment (logged, within the grace). */
  left: boolean;
  demoPerson: boolean;
}

/** The list turned `by` places to the left. */
function rotate<T>(list: T[], by: number): T[] {
  const k = list.length ? by % list.length : 0;
  return [...list.slice(k), ...list.slice(0, k)];
}

/** A wrong answer to an objective question, as `markAnswer` marks it wrong (never partly right). */
function wrongAnswer(q: s.AttemptQuestion): string[] {
  switch (q.questionType) {
    case 4:
      return q.blanks.map(() => '');
    case 6:
      // Every item given the next item's key.
      return q.answer.length > 1 ? q.answer.map((_, i) => q.answer[(i + 1) % q.answer.length]!) : [];
    default: {
      const other = q.options.find((o) => !q.answer.includes(o.key));
      return other ? [other.key] : [];
    }
  }
}

/** Issues a seeded certificate as `earnOnce` does (its check code the column's random default), its points already in the ledger. */
async function issue(
  db: Db,
  eid: number,
  accountId: number,
  templateId: number,
  taskId: number,
  title: string,
  scoreTenths: number,
  at: Date,
  points: number,
) {
  const [holder] = await db
    .select({ name: s.enterpriseUsers.realName, userName: s.enterpriseUsers.userName, idHash: s.accounts.idCardHash })
    .from(s.enterpriseUsers)
    .innerJoin(s.accounts, eq(s.accounts.id, s.enterpriseUsers.accountId))
    .where(and(eq(s.enterpriseUsers.eid, eid), eq(s.enterpriseUsers.accountId, accountId)));
  const [row] = await db
    .insert(s.certificates)
    .values({
      eid,
      number: '',
      accountId,
      templateId,
      sourceType: 7,
      sourceId: taskId,
      title,
      holderName: holder?.name || holder?.userName || '',
      holderIdHash: holder?.idHash ?? null,
      scoreTenths,
      issuedAt: at,
      validUntil: new Date(at.getTime() + 36 * 30 * DAY),
    })
    .returning();
  const year = new Intl.DateTimeFormat('en', { timeZone: 'Asia/Shanghai', year: 'numeric' }).format(at);
  const number = `ZS${eid}${year}${String(row!.id).padStart(8, '0')}`;
  await db
    .update(s.certificates)
    .set({ number })
    .where(and(eq(s.certificates.eid, eid), eq(s.certificates.id, row!.id)));
  await db
    .insert(s.learnerTotals)
    .values({ eid, accountId, certificates: 1, points })
    .onConflictDoUpdate({
      target: [s.learnerTotals.eid, s.learnerTotals.accountId],
      set: {
        certificates: sql`${s.learnerTotals.certificates} + 1`,
        points: sql`${s.learnerTotals.points} + ${points}`,
      },
    });
}

/** The attempt log of a seeded attempt: started, opened, submitted. */
async function logAttempt(
  db: Db,
  eid: number,
  attemptId: number,
  accountId: number,
  startedAt: Date,
  submittedAt: Date,
  submitKind: number,
) {
  await db.insert(s.examAttemptEvents).values([
    { eid, attemptId, accountId, kind: 1, at: startedAt, clientAt: startedAt },
    { eid, attemptId, accountId, kind: 2, at: startedAt, clientAt: startedAt },
    { eid, attemptId, accountId, kind: submitKind, at: submittedAt, clientAt: submittedAt },
  ]);
}
