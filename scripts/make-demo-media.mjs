// Makes the demo sites' course media (issue 12, "Demo content"): short lesson videos, one HLS
// video and a course handout PDF, written to apps/web/public/demo/media/ and committed there. The
// seed (packages/db/src/seed.ts, DEMO_MEDIA) records each file's name, size and length; the demo
// seed test checks them against the files.
//
// Run by a developer when the media should change, not by `npm start`:
//
//   node scripts/make-demo-media.mjs
//
// then copy the table it prints into DEMO_MEDIA of the seed. It needs ffmpeg and ffprobe built
// with libx264, libfreetype and libfontconfig (Debian's ffmpeg package), the Noto Sans CJK fonts
// (Debian's fonts-noto-cjk: /usr/share/fonts/opentype/noto/NotoSansCJK-*.ttc) and the root
// devDependency pdfkit. The output is reproducible (no encoder or creation-time metadata), so
// running it again changes no committed file.
//
// What it makes (640×360, H.264 Main + AAC mono, yuv420p, moov first for progressive playback):
//   intro.mp4, lesson-1.mp4, lesson-2.mp4, lesson-3.mp4   12 s, 20 s, 30 s and 45 s
//   lecture/index.m3u8 with lecture/segment-0.ts…          an HLS video of 20 s in 5-second segments
//   handout.pdf                                           a four-page handout, Chinese and English,
//                                                         with subsets of Noto Sans CJK SC embedded
// Each video is a lesson slide: a bilingual title, three key points that appear in turn, a bar
// that fills and a running timer (so a player's position can be read off the picture), over a
// quiet sine tone.
import { execFileSync } from 'node:child_process';
import {
  createWriteStream,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(root, 'apps/web/public/demo/media');
const FONT_REGULAR = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';
const FONT_BOLD = '/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc';
/** The Simplified Chinese face of the collections (fontconfig's name; PostScript names for pdfkit). */
const FONT_FAMILY = 'Noto Sans CJK SC';

/** [file (under OUT), seconds, background, tone Hz, Chinese title, English title, key points]. */
const VIDEOS = [
  [
    'intro.mp4',
    12,
    '0x1d3b5c',
    262,
    '课程导学',
    'Course introduction',
    ['学习目标 · What you will learn', '课程结构 · How the course is built', '完成要求 · What counts as complete'],
  ],
  [
    'lesson-1.mp4',
    20,
    '0x1f4d3a',
    294,
    '第一讲 基本概念',
    'Lesson 1 · Key concepts',
    ['核心术语 · Key terms', '适用范围 · Where the rules apply', '常见误区 · Common mistakes'],
  ],
  [
    'lesson-2.mp4',
    30,
    '0x43285c',
    330,
    '第二讲 操作流程',
    'Lesson 2 · Step by step',
    ['准备材料 · Getting ready', '办理步骤 · The steps in order', '注意事项 · Points to watch'],
  ],
  [
    'lesson-3.mp4',
    45,
    '0x5c3321',
    349,
    '第三讲 案例分析',
    'Lesson 3 · A case study',
    ['案例背景 · The case', '问题分析 · What went wrong', '经验总结 · Lessons learned'],
  ],
  [
    'lecture/index.m3u8',
    20,
    '0x1d4f57',
    392,
    '专题讲座',
    'Special lecture (HLS)',
    ['形势与要求 · The context', '重点任务 · Key tasks', '学习建议 · How to follow up'],
  ],
];

const HLS_SEGMENT_SECONDS = 5;

function run(cmd, args) {
  return execFileSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** mm:ss of a whole number of seconds. */
const clock = (s) => `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;

/**
 * The slide's filter graph. Static texts are read from files (textfile=), so only the timer needs
 * the filter syntax's escaping: `\\\:` is a literal colon inside drawtext's %{pts} expansion.
 */
function slideFilter(work, seconds, background, tone, title, subtitle, points) {
  const text = (name, value) => {
    const file = path.join(work, `${name}.txt`);
    writeFileSync(file, value);
    return file;
  };
  const font = `font='${FONT_FAMILY}'`;
  const parts = [
    `drawbox=x=0:y=0:w=640:h=4:color=0xffc857:t=fill`,
    `drawtext=${font}:textfile='${text('label', '示例课程视频 · Demo lesson video')}':fontsize=15:fontcolor=0xffffff@0.7:x=40:y=26`,
    `drawtext=${font}:textfile='${text('title', title)}':fontsize=38:fontcolor=white:x=40:y=62`,
    `drawtext=${font}:textfile='${text('subtitle', subtitle)}':fontsize=22:fontcolor=0xffffff@0.8:x=40:y=114`,
    ...points.map((point, i) => {
      const from = ((i + 1) * seconds) / 4;
      return `drawtext=${font}:textfile='${text(`point-${i}`, `${i + 1}.  ${point}`)}':fontsize=18:fontcolor=white:x=56:y=${168 + i * 36}:enable='gte(t,${from})'`;
    }),
    `drawbox=x=60:y=300:w=520:h=6:color=0xffffff@0.25:t=fill`,
  ];
  // The bar slides in from the left under a patch of the background: its visible part grows.
  return [
    `[0:v]${parts.join(',')}[slide]`,
    `[slide][2:v]overlay=x='60-520+520*t/${seconds}':y=300[barred]`,
    `[barred]drawbox=x=0:y=296:w=60:h=14:color=${background}:t=fill,` +
      `drawtext=${font}:text='%{pts\\:gmtime\\:0\\:%M\\\\\\:%S} / ${clock(seconds).replace(':', '\\\\\\:')}':fontsize=16:fontcolor=white:x=(w-tw)/2:y=318[v]`,
    `[1:a]volume=0.05,afade=t=in:d=0.5,afade=t=out:st=${seconds - 0.8}:d=0.8[a]`,
  ].join(';\n');
}

function makeVideo(work, [file, seconds, background, tone, title, subtitle, points]) {
  const target = path.join(OUT, file);
  const hls = file.endsWith('.m3u8');
  if (hls) {
    rmSync(path.dirname(target), { recursive: true, force: true });
    mkdirSync(path.dirname(target), { recursive: true });
  }
  const script = path.join(work, 'filter.txt');
  writeFileSync(script, slideFilter(work, seconds, background, tone, title, subtitle, points));
  const args = [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `color=c=${background}:s=640x360:r=15:d=${seconds}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=${tone}:sample_rate=44100:duration=${seconds}`],
    ...['-f', 'lavfi', '-i', `color=c=0xffc857:s=520x6:r=15:d=${seconds}`],
    ...['-filter_complex_script', script, '-map', '[v]', '-map', '[a]', '-t', String(seconds)],
    ...['-c:v', 'libx264', '-profile:v', 'main', '-level', '3.0', '-preset', 'veryslow', '-tune', 'stillimage'],
    ...['-crf', '30', '-pix_fmt', 'yuv420p', '-g', String(15 * HLS_SEGMENT_SECONDS)],
    ...['-force_key_frames', `expr:gte(t,n_forced*${HLS_SEGMENT_SECONDS})`],
    ...['-c:a', 'aac', '-b:a', '24k', '-ac', '1', '-ar', '44100'],
    ...['-map_metadata', '-1', '-fflags', '+bitexact', '-flags:v', '+bitexact', '-flags:a', '+bitexact'],
  ];
  if (hls) {
    args.push(
      ...['-f', 'hls', '-hls_time', String(HLS_SEGMENT_SECONDS), '-hls_playlist_type', 'vod'],
      ...['-hls_segment_filename', path.join(path.dirname(target), 'segment-%d.ts'), target],
    );
  } else {
    args.push('-movflags', '+faststart', target);
  }
  run('ffmpeg', args);
}

/** The length ffprobe reads: the container's for an MP4, the playlist's for HLS. */
function probeSeconds(file) {
  const out = run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file]);
  return Number(out.trim());
}

/** The handout's pages: [Chinese heading, English heading, blocks]; a block is a paragraph or a list. */
const HANDOUT = [
  [
    '第一部分 如何高效地在线学习',
    'Part 1 · Studying online, effectively',
    [
      '在线学习最大的优势是时间灵活，但也更需要自我管理。建议每天固定一段不受打扰的时间，按章节顺序学习，每次学完一讲后用三五分钟回顾要点。',
      'Online learning lets you choose when to study, which also means you plan it yourself. Set aside a quiet time each day, follow the chapters in order, and spend a few minutes recalling the key points after each lesson.',
      [
        '先看课程简介和讲义目录，明确学习目标。',
        '观看视频时做简要笔记，记下与本职工作相关的内容。',
        '遇到疑问及时在课程评论区或在线留言中提出。',
      ],
      [
        'Read the course introduction and this handout first, so you know what you are aiming for.',
        'Take short notes while you watch, especially on what applies to your own work.',
        'Ask questions in the course comments or through the message board.',
      ],
    ],
  ],
  [
    '第二部分 学时与积分规则',
    'Part 2 · Credit hours and points',
    [
      '平台按实际学习时长记录进度，学习进度由服务器统一计算。首次观看视频时不能快进到尚未看过的位置；课时完成后可以自由拖动回看。文档和图文课时需要打开并阅读规定的时间才算完成。',
      'The platform records the time you actually study, and the server keeps your progress. On first viewing a video cannot be skipped forward past the furthest point you have reached; once the lesson is complete you may seek freely. A document or an image-text lesson counts once it has been open for the time it asks.',
      [
        '同一账号同一时间只有一个播放窗口计时，请勿多开。',
        '页面切换到后台或最小化时暂停计时。',
        '课程全部必修课时完成后，系统自动发放学时和积分，每门课程只发放一次。',
      ],
      [
        'Only one player of an account counts at a time: do not open several.',
        'Nothing is counted while the page is hidden or minimised.',
        'When every required lesson is complete, the course credit hours and points are awarded once.',
      ],
    ],
  ],
  [
    '第三部分 课后自我检查',
    'Part 3 · Check yourself',
    [
      '学完本课程后，请对照下表检查自己是否达到了学习目标。三项都能做到，说明已经掌握了本课程的主要内容。',
      'When you have finished the course, use the table below to check that you have reached its goals. If you can do all three, you have learned what the course teaches.',
      'table',
    ],
  ],
];

/** The self-check table: [Chinese, English] rows. */
const CHECKS = [
  ['能用自己的话说明本课程的核心概念', 'I can explain the key concepts in my own words'],
  ['能按正确的顺序完成主要业务步骤', 'I can carry out the main steps in the right order'],
  ['能结合案例指出常见问题及改进方法', 'I can spot common problems in a case and say how to fix them'],
];

async function makeHandout() {
  const { default: PDFDocument } = await import('pdfkit');
  const fixed = new Date(Date.UTC(2026, 0, 5, 2, 0, 0));
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 64, bottom: 64, left: 64, right: 64 },
    info: {
      Title: '课程讲义 Course handout',
      Author: 'Learning portal demo',
      Subject: '在线学习方法、学时规则与自我检查 / Studying online, credit hours and a self-check',
      CreationDate: fixed,
      ModDate: fixed,
    },
    lang: 'zh-CN',
  });
  const target = path.join(OUT, 'handout.pdf');
  const done = new Promise((resolve, reject) => {
    const stream = createWriteStream(target);
    stream.on('finish', resolve);
    stream.on('error', reject);
    doc.pipe(stream);
  });
  doc.registerFont('regular', FONT_REGULAR, 'NotoSansCJKsc-Regular');
  doc.registerFont('bold', FONT_BOLD, 'NotoSansCJKsc-Bold');
  const accent = '#2468f2';
  const ink = '#1f2d3d';
  const muted = '#5b6b7f';
  const width = doc.page.width - 128;

  // Cover.
  doc.rect(0, 0, doc.page.width, 8).fill(accent);
  doc.moveDown(6);
  doc.font('regular').fontSize(12).fillColor(muted).text('示例讲义 · Demo handout');
  doc.moveDown(0.6);
  doc.font('bold').fontSize(30).fillColor(ink).text('课程讲义');
  doc.font('bold').fontSize(20).fillColor(ink).text('Course handout');
  doc.moveDown(0.8);
  doc
    .font('regular')
    .fontSize(13)
    .fillColor(ink)
    .text('在线学习方法、学时与积分规则、课后自我检查', { width })
    .text('Studying online, credit hours and points, and a self-check', { width });
  doc.moveDown(2);
  doc.font('bold').fontSize(14).text('目录 Contents');
  doc.moveDown(0.4);
  for (const [i, [zh, en]] of HANDOUT.entries()) {
    doc
      .font('regular')
      .fontSize(12)
      .fillColor(ink)
      .text(`${i + 2}   ${zh}`, { indent: 8 });
    doc
      .fontSize(10)
      .fillColor(muted)
      .text(en.replace(/^Part \d+ · /, ''), { indent: 26 });
    doc.moveDown(0.3);
  }
  doc.moveDown(4);
  doc
    .fontSize(10)
    .fillColor(muted)
    .text('本讲义供演示课程使用，可在课程的文档课时中在线阅读，也可从课程简介中下载。', { width })
    .text(
      'This handout belongs to the demo courses: read it in a document lesson or download it from a course introduction.',
      {
        width,
      },
    );

  for (const [pageIndex, [zh, en, blocks]] of HANDOUT.entries()) {
    doc.addPage();
    doc.rect(0, 0, doc.page.width, 8).fill(accent);
    doc.font('bold').fontSize(20).fillColor(ink).text(zh, 64, 64);
    doc.font('regular').fontSize(13).fillColor(muted).text(en);
    doc.moveDown(1);
    for (const block of blocks) {
      if (block === 'table') {
        const top = doc.y + 4;
        const rowHeight = 44;
        doc.rect(64, top, width, 26).fill('#eef3fd');
        doc
          .font('bold')
          .fontSize(11)
          .fillColor(ink)
          .text('检查项目 Check', 76, top + 7, { width: width - 120 });
        doc.text('达成 Done', 64 + width - 96, top + 7, { width: 84, align: 'center' });
        for (const [i, [checkZh, checkEn]] of CHECKS.entries()) {
          const y = top + 26 + i * rowHeight;
          doc
            .moveTo(64, y)
            .lineTo(64 + width, y)
            .lineWidth(0.5)
            .strokeColor('#c9d3e0')
            .stroke();
          doc
            .font('regular')
            .fontSize(11)
            .fillColor(ink)
            .text(checkZh, 76, y + 6, { width: width - 120 });
          doc
            .fontSize(9.5)
            .fillColor(muted)
            .text(checkEn, 76, y + 23, { width: width - 120 });
          doc
            .rect(64 + width - 60, y + 14, 14, 14)
            .lineWidth(1)
            .strokeColor(muted)
            .stroke();
        }
        const bottom = top + 26 + CHECKS.length * rowHeight;
        doc
          .rect(64, top, width, bottom - top)
          .lineWidth(0.8)
          .strokeColor('#c9d3e0')
          .stroke();
        doc.x = 64;
        doc.y = bottom + 16;
        continue;
      }
      if (Array.isArray(block)) {
        const english = !/[\u4e00-\u9fff]/.test(block[0]);
        doc
          .font('regular')
          .fontSize(english ? 10.5 : 12)
          .fillColor(english ? muted : ink)
          .list(block, 64, doc.y, { width, bulletRadius: 2, textIndent: 14, lineGap: 3, paragraphGap: 4 });
      } else {
        const english = !/[\u4e00-\u9fff]/.test(block);
        doc
          .font('regular')
          .fontSize(english ? 10.5 : 12)
          .fillColor(english ? muted : ink)
          .text(block, 64, doc.y, { width, lineGap: english ? 2 : 4, align: english ? 'left' : 'justify' });
      }
      doc.moveDown(0.9);
    }
    // The page number sits in the bottom margin: without the margin pdfkit would start a new page.
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('regular')
      .fontSize(9)
      .fillColor(muted)
      .text(`— ${pageIndex + 2} —`, 64, doc.page.height - 48, { width, align: 'center', lineBreak: false });
    doc.page.margins.bottom = bottomMargin;
  }
  doc.end();
  await done;
  return target;
}

/** Pages of a PDF as pdfkit writes them: one `/Type /Page` object each. */
function countPages(file) {
  return [
    ...readFileSync(file)
      .toString('latin1')
      .matchAll(/\/Type \/Page\b/g),
  ].length;
}

mkdirSync(OUT, { recursive: true });
const work = mkdtempSync(path.join(tmpdir(), 'demo-media-'));
try {
  const rows = [];
  for (const video of VIDEOS) {
    makeVideo(work, video);
    const file = path.join(OUT, video[0]);
    const seconds = probeSeconds(file);
    const size = video[0].endsWith('.m3u8')
      ? readdirSync(path.dirname(file)).reduce((sum, f) => sum + statSync(path.join(path.dirname(file), f)).size, 0)
      : statSync(file).size;
    rows.push([video[0], size, seconds]);
  }
  const handout = await makeHandout();
  rows.push(['handout.pdf', statSync(handout).size, `${countPages(handout)} pages`]);
  const total = rows.reduce((sum, [, size]) => sum + size, 0);
  process.stdout.write('file\tbytes\tlength (s)\n');
  for (const [file, size, seconds] of rows) process.stdout.write(`${file}\t${size}\t${seconds}\n`);
  process.stdout.write(`total\t${total}\n`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
