// The baseline of bench/site-call.ts: a bare Fastify route answering a website-info-sized JSON
// envelope from memory, no plugins, no logging.
import Fastify from 'fastify';

const data = {
  eid: 1001,
  entName: '智学企业培训平台',
  tenantCode: null,
  lang: 'zh',
  userEntLogo: '/demo/zhixue-logo.svg',
  websiteIco: '/demo/zhixue-icon.svg',
  websiteDesc: '智学企业培训平台：面向企业员工的在线学习、考试与证书管理平台。',
  websiteKeyword: '企业培训,在线学习,在线考试,学时,证书',
  websiteIcpNo: '桂ICP备2024000001号-1',
  websitePrnNo: '桂公网安备45010302000001号',
  websiteCopyright: 'Copyright © 2026 智学企业培训平台 版权所有',
  contactPhone: '',
  isEnableStatistics: true,
  statisticsCode: '<script>window.portalStats=window.portalStats||[];</script>',
  websiteThemeColor: { themeColor: '#2468f2', pcWrapperWidth: 1200, pcNavThemeStyle: 1 },
  registerOpenSet: true,
  visitorOpenSet: true,
};

const app = Fastify({ logger: false });
app.get('/ping', async () => 'ok');
app.get('/gateway/system/api/website/view', async () => ({ code: 200, message: '成功', data }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
